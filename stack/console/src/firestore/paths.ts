/** Console URLs of Firestore paths: /firestore/users/u1, each segment URL-encoded. */
export function firestoreLink(path: string): string {
  const segments = path.split("/").filter(Boolean);
  return `/firestore${segments.length ? "/" : ""}${segments.map(encodeURIComponent).join("/")}`;
}

export function segmentsOf(splat: string): string[] {
  return splat
    .split("/")
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
}
