/** Texts of the home page (docs/product-rules.md#audience, #screen-home). */
export const HOME_TEXTS = {
  meta: {
    title: "Anasayfa",
    description:
      "Juniorlar ve Seniorlar haftalık ekiplerde gerçek projeler geliştirir. Ücretsiz üye olun, açık pozisyonlara başvurun.",
  },
  hero: {
    eyebrow: "Gerçek projeler, gerçek ekipler",
    title: "Kariyerine gerçek projelerle başla",
    text: "Juniorlar ve Seniorlar haftalık ekiplerde gerçek projeler geliştiriyor. Bir pozisyon seç, ekibe katıl, mentörlerinden her hafta geri bildirim al.",
    signUp: "Ücretsiz Kayıt Ol",
    projects: "Projeleri İncele",
  },
  how: {
    title: "Nasıl çalışır?",
    subtitle:
      "Her hafta aynı düzen: yeni proje, açık pozisyonlar, ekip çalışması ve değerlendirme.",
    steps: [
      {
        title: "Ücretsiz üye ol",
        text: "Üç adımda kaydını tamamla: bilgilerini gir, e-postana gelen kodu onayla, kariyer bilgilerini ekle.",
      },
      {
        title: "Her cuma yeni proje",
        text: "Her cuma saat 12:00'de yeni bir proje eklenir. Cumartesi 12:00'ye kadar yalnızca Junior Project Manager başvurabilir.",
      },
      {
        title: "Pozisyonuna başvur",
        text: "Açık pozisyonlar 24 saat başvuru alır, ardından sistem otomatik seçim yapar. Aynı anda tek bir aktif projede yer alırsın.",
      },
      {
        title: "Ekibinle geliştir",
        text: "Juniorlar haftada 15 saat ve üzeri çalışır. Ekip arkadaşların seni her hafta anonim olarak değerlendirir.",
      },
    ],
  },
  mentor: {
    title: "Seniorlar için: mentör ol",
    text: "Deneyimini bir ekiple paylaş. Seniorlar haftada en az 1 saat mentörlük yapar, Juniorların yeteneklerini değerlendirir ve projenin doğru ilerlemesine yardım eder.",
    points: [
      "Haftada en az 1 saat mentörlük",
      "Juniorlar için yetenek değerlendirmesi",
      "Gerçek bir ürünün ortaya çıkmasına katkı",
    ],
    cta: "Senior Olarak Katıl",
    directory: "Seniorları Gör",
  },
  ad: {
    label: "Reklam",
    title: "Ekibinizi buradan duyurun",
    text: "Bu alan iş ortaklarımızın duyuruları için ayrılmıştır. Reklam vermek için bize yazın.",
  },
  faq: {
    title: "Sıkça Sorulan Sorular",
    all: "Tüm Soruları Gör",
  },
  closing: {
    title: "Bir sonraki proje ekibinde yerini al",
    text: "Üyelik ücretsizdir. Projeleri incele, sana uygun pozisyonu bul.",
    signUp: "Kayıt Ol",
    projects: "Projelere Göz At",
  },
} as const;
