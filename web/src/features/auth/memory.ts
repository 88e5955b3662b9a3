/**
 * The password typed at sign-up step 1, kept in memory only (never in browser storage) so that
 * resending the code can repeat step 1. Step 3 signs the newcomer in without it.
 */
let pendingPassword: { email: string; password: string } | null = null;

export function rememberSignUpPassword(email: string, password: string) {
  pendingPassword = { email, password };
}

export function takeSignUpPassword(email: string): string | null {
  const match =
    pendingPassword && pendingPassword.email === email ? pendingPassword.password : null;
  pendingPassword = null;
  return match;
}

/** The kept password without forgetting it (resending the code repeats step 1). */
export function peekSignUpPassword(email: string): string | null {
  return pendingPassword && pendingPassword.email === email ? pendingPassword.password : null;
}
