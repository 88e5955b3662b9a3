import { messages } from "@platform/common";

export const VOTE_TEXTS = {
  title: "Haftalık Değerlendirme",
  intro: (name: string) => `Ekip arkadaşınız ${name} için bu haftanın değerlendirmesi.`,
  mentorIntro: (name: string) => `Mentörünüz ${name} ile çalışmaya devam etmek istiyor musunuz?`,
  scale: "1 (zayıf) ile 5 (çok iyi) arasında puanlayın.",
  skillsTitle: "Yetenek Değerlendirmesi",
  skillsHint: "Puanlamadığınız yetenekler 0 olarak gönderilir.",
  feedback: "Geri bildirim",
  feedbackHint:
    "Yazdığınız geri bildirim, adınızla birlikte ekip arkadaşınızın sayfasında görünür.",
  discard: "Bu kişinin ekipten çıkarılmasını istiyorum.",
  mentorDiscard: "Mentörle çalışmayı sonlandırmak istiyorum.",
  discardReason: "Çıkarılma sebebi",
  submit: "Gönder",
  cancel: "Vazgeç",
  loadFailed: "Oylama bilgileri alınamadı.",
  voteIdRequired: messages.votes.voteIdRequired,
  success: messages.votes.submitSuccess,
  failed: messages.votes.submitFailed,
} as const;
