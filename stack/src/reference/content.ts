/**
 * Reference data every deployment needs, not only the demo: the lookups behind registration and
 * the profile (position names, skills, languages) and the FAQ. `npm run seed:reference` writes it
 * to any project; the demo seed writes the same documents. Change it here, then run the script.
 */

/** A FAQ entry; `{profitRate}` in an answer is replaced by the current rate on the site. */
export interface ReferenceFaq {
  question: string;
  answer: string;
  /** "home" (home page) and/or "sss" (FAQ page). */
  tags: string[];
}

export const SKILLS = [
  "React",
  "TypeScript",
  "JavaScript",
  "Node.js",
  "Express",
  "Firebase",
  "Flutter",
  "Kotlin",
  "Swift",
  "React Native",
  "Java",
  "Spring Boot",
  "Python",
  "Django",
  "SQL",
  "PostgreSQL",
  "MongoDB",
  "Docker",
  "Git",
  "Figma",
  "UI Tasarımı",
  "Kullanıcı Araştırması",
  "Test Otomasyonu",
  "Manuel Test",
  "Scrum",
  "Jira",
  "Proje Yönetimi",
  "İletişim",
  "CSS",
  "HTML",
];

export const POSITION_NAMES = [
  "Project Manager",
  "Frontend Developer",
  "Backend Developer",
  "Mobile Developer",
  "UI/UX Designer",
  "Tester",
  "DevOps Engineer",
  "Data Analyst",
];

export const TURKISH_LANGUAGES = [
  "Türkçe",
  "İngilizce",
  "Almanca",
  "Fransızca",
  "İspanyolca",
  "Arapça",
  "Rusça",
  "İtalyanca",
  "Japonca",
  "Çince",
];

export const FAQS: ReferenceFaq[] = [
  {
    question: "Platform nedir?",
    answer:
      "Juniorların (kariyerinin başındaki yazılımcılar) ve Seniorların (mentörler) haftalık ekipler hâlinde gerçek projeler geliştirdiği bir platformdur.",
    tags: ["home", "sss"],
  },
  {
    question: "Üyelik ücretli mi?",
    answer: "Hayır, üyelik tamamen ücretsizdir.",
    tags: ["home", "sss"],
  },
  {
    question: "Yeni projeler ne zaman eklenir?",
    answer:
      "Her cuma saat 12:00'de platforma yeni bir proje eklenir. Cumartesi saat 12:00'ye kadar yeni projeye yalnızca Junior Project Manager başvurabilir.",
    tags: ["home", "sss"],
  },
  {
    question: "Bir projeye nasıl katılırım?",
    answer:
      "Projeler sayfasında açık pozisyonlardan kendi pozisyonunuza uyanı seçip 'Projeye Katıl' butonuna basın. Açık pozisyonlar 24 saat başvuru alır, ardından sistem başvuranlar arasından otomatik seçim yapar. Kimse başvurmazsa süre 24'er saat uzatılır.",
    tags: ["home", "sss"],
  },
  {
    question: "Aynı anda birden fazla projede yer alabilir miyim?",
    answer: "Hayır, her üye aynı anda yalnızca bir aktif projede yer alabilir.",
    tags: ["sss"],
  },
  {
    question: "Haftada ne kadar zaman ayırmam gerekiyor?",
    answer:
      "Juniorların haftada en az 15 saat çalışması beklenir. Seniorlar haftada en az 1 saat mentörlük verir.",
    tags: ["sss"],
  },
  {
    question: "Proje verilerini kim düzenleyebilir?",
    answer:
      "Proje verilerini yalnızca Junior Project Manager düzenleyebilir ve açık pozisyon ekleyebilir. Project Manager bitmiş projeyi 3 gün içinde teslim eder.",
    tags: ["sss"],
  },
  {
    question: "Haftalık değerlendirme nasıl işler?",
    answer:
      "Ekip oylaması her cuma 12:00 ile 23:59 arasında yapılır. Ekip arkadaşlarınızı anonim olarak değerlendirirsiniz; yazılı geri bildirimler kullanıcı adıyla birlikte değerlendirilen kişinin hesap sayfasında gösterilir. Ankete yalnızca Juniorlar katılır; Seniorlar Juniorlar için yetenek anketi doldurur.",
    tags: ["home", "sss"],
  },
  {
    question: "Ekipten çıkarılma nasıl olur?",
    answer:
      "Aynı hafta içinde diğer ekip üyelerinin %50'si veya daha fazlası bir kişinin çıkarılmasını isterse bir operasyon uzmanı durumu inceler ve kişiyi ekipten çıkarabilir. Karar platforma aittir. Ayrılan veya çıkarılan üyenin yeri yeni bir açık pozisyonla doldurulabilir.",
    tags: ["sss"],
  },
  {
    question: "Kâr paylaşımı nasıl yapılır?",
    answer:
      "Platform net kârdan {profitRate} oranında pay alır; bu oranı platformda ve e-posta ile duyurarak değiştirebilir. Kalan tutar kişi başı çalışma günlerine göre paylaştırılır. Kâr her ayın 15'inde bir önceki ay için hesaplanır ve üyelerin bildirdiği IBAN numaralarına ödenir. Gönüllü kâr payı yalnızca 18 yaşından büyük Juniorlara verilir.",
    tags: ["sss"],
  },
  {
    question: "Kişisel verilerimle ilgili taleplerim ne kadar sürede yanıtlanır?",
    answer: "Kişisel verilerinize ilişkin talepleriniz en geç 30 gün içinde yanıtlanır.",
    tags: ["sss"],
  },
];
