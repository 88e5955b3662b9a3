/**
 * Upper bounds on what a member saves in their profile. Skills are copied into every vote about
 * the member, so without bounds one member could grow documents towards Firestore's 1 MiB.
 */
export const PROFILE_LIMITS = {
  name: 80,
  gender: 20,
  birthDate: 40,
  address: 200,
  addressPart: 100,
  position: 80,
  email: 254,
  telephone: 30,
  iban: 40,
  about: 2000,
  skills: 50,
  skillName: 80,
  languages: 20,
  languageName: 60,
  languageLevel: 20,
  eduCert: 20,
  eduCertEntry: 200,
  socialMedias: 10,
  socialMedia: 300,
} as const;
