/**
 * The demo dataset's content: Turkish members, projects and feedback (the FAQ and the lookups
 * are reference data, `src/reference`). Plain data;
 * `demo-dataset.ts` turns it into documents relative to a clock.
 */
import type { MemberType, ProjectType } from "@platform/common";

export const DEMO_PASSWORD = "Demo1234";

export interface DemoPerson {
  key: string;
  name: string;
  type: MemberType;
  position: string;
  gender: "MALE" | "FEMALE" | "OTHER";
  city: string;
  birthDate: string;
  skills: string[];
  about: string;
  /** Demo accounts that can sign in; everybody else exists only as data. */
  email?: string;
  role?: "hr" | "ops" | "admin";
}

export interface DemoProject {
  key: string;
  title: string;
  definition: string;
  type: ProjectType;
  /** Days since start; null = not started yet. */
  startedDaysAgo: number | null;
  completed: number;
  /** Queued projects go live on a coming Friday (weeks from now); live ones have null. */
  goesLiveInWeeks: number | null;
  /** Members by person key and the position they hold; the first is the project manager. */
  team: { person: string; position: string; type: MemberType }[];
  /** Open positions with hours left in their application window and who already applied. */
  open: {
    position: string;
    type: MemberType;
    hoursLeft: number;
    expectations: string[];
    applicants?: string[];
  }[];
}

const about = (text: string) => text;

export const PEOPLE: DemoPerson[] = [
  // Demo accounts.
  {
    key: "elif",
    name: "Elif Yıldız",
    type: "JUNIOR",
    position: "Frontend Developer",
    gender: "FEMALE",
    city: "İzmir",
    birthDate: "2001-04-12",
    skills: ["React", "TypeScript", "CSS", "Git"],
    about: about(
      "Bilgisayar mühendisliği mezunuyum; erişilebilir arayüzler geliştirmeyi seviyorum.",
    ),
    email: "demo.junior@example.com",
  },
  {
    key: "mert",
    name: "Mert Kaya",
    type: "JUNIOR",
    position: "Project Manager",
    gender: "MALE",
    city: "Ankara",
    birthDate: "1999-09-30",
    skills: ["Scrum", "Jira", "Proje Yönetimi", "İletişim"],
    about: about("Ekiplerin birlikte hızlı ve düzenli çalışmasını sağlamak en sevdiğim iş."),
    email: "demo.pm@example.com",
  },
  {
    key: "zeynep",
    name: "Zeynep Arslan",
    type: "SENIOR",
    position: "Backend Developer",
    gender: "FEMALE",
    city: "İstanbul",
    birthDate: "1988-02-17",
    skills: ["Node.js", "PostgreSQL", "Docker", "Firebase"],
    about: about(
      "On iki yıldır ölçeklenebilir arka uç sistemleri kuruyorum; mentörlük yapmayı seviyorum.",
    ),
    email: "demo.senior@example.com",
  },
  {
    key: "can",
    name: "Can Demir",
    type: "JUNIOR",
    position: "Backend Developer",
    gender: "MALE",
    city: "Eskişehir",
    birthDate: "2002-11-05",
    skills: ["Node.js", "Express", "MongoDB", "Git"],
    about: about("API tasarımı ve veri modelleme üzerine kendimi geliştiriyorum."),
    email: "demo.member@example.com",
  },
  {
    key: "selin",
    name: "Selin Aydın",
    type: "SENIOR",
    position: "UI/UX Designer",
    gender: "FEMALE",
    city: "İstanbul",
    birthDate: "1990-06-21",
    skills: ["Figma", "Kullanıcı Araştırması", "UI Tasarımı"],
    about: about("İnsan kaynakları ekibinde geri bildirim süreçlerinden sorumluyum."),
    email: "demo.hr@example.com",
    role: "hr",
  },
  {
    key: "emre",
    name: "Emre Şahin",
    type: "SENIOR",
    position: "DevOps Engineer",
    gender: "MALE",
    city: "Bursa",
    birthDate: "1987-03-08",
    skills: ["Docker", "Git", "Python"],
    about: about("Operasyon uzmanı olarak ekiplerin sağlıklı çalışmasını takip ediyorum."),
    email: "demo.ops@example.com",
    role: "ops",
  },
  {
    key: "deniz",
    name: "Deniz Koç",
    type: "SENIOR",
    position: "Project Manager",
    gender: "OTHER",
    city: "İstanbul",
    birthDate: "1985-12-01",
    skills: ["Proje Yönetimi", "Scrum"],
    about: about("Platformun yöneticisiyim."),
    email: "demo.admin@example.com",
    role: "admin",
  },
  // Members without sign-in, for realistic teams and directories.
  ...(
    [
      ["ahmet", "Ahmet Çelik", "JUNIOR", "Frontend Developer", "MALE", "Konya"],
      ["ayse", "Ayşe Öztürk", "JUNIOR", "UI/UX Designer", "FEMALE", "İstanbul"],
      ["burak", "Burak Güneş", "JUNIOR", "Mobile Developer", "MALE", "Antalya"],
      ["cansu", "Cansu Erdem", "JUNIOR", "Tester", "FEMALE", "Kocaeli"],
      ["dogukan", "Doğukan Aksoy", "JUNIOR", "Backend Developer", "MALE", "Trabzon"],
      ["ebru", "Ebru Kılıç", "JUNIOR", "Project Manager", "FEMALE", "Ankara"],
      ["furkan", "Furkan Yavuz", "JUNIOR", "Mobile Developer", "MALE", "Samsun"],
      ["gizem", "Gizem Polat", "JUNIOR", "Frontend Developer", "FEMALE", "İzmir"],
      ["hakan", "Hakan Özdemir", "JUNIOR", "Backend Developer", "MALE", "Gaziantep"],
      ["irem", "İrem Kurt", "JUNIOR", "Tester", "FEMALE", "Mersin"],
      ["kaan", "Kaan Çetin", "JUNIOR", "Project Manager", "MALE", "İstanbul"],
      ["lale", "Lale Tekin", "JUNIOR", "UI/UX Designer", "FEMALE", "Bursa"],
      ["murat", "Murat Işık", "JUNIOR", "DevOps Engineer", "MALE", "Kayseri"],
      ["nazli", "Nazlı Şimşek", "JUNIOR", "Data Analyst", "FEMALE", "Eskişehir"],
      ["onur", "Onur Bulut", "JUNIOR", "Frontend Developer", "MALE", "Adana"],
      ["pelin", "Pelin Özkan", "JUNIOR", "Mobile Developer", "FEMALE", "İzmir"],
      ["riza", "Rıza Karaca", "JUNIOR", "Backend Developer", "MALE", "Erzurum"],
      ["sena", "Sena Uçar", "JUNIOR", "Tester", "FEMALE", "Ankara"],
      ["tolga", "Tolga Ateş", "JUNIOR", "Project Manager", "MALE", "Diyarbakır"],
      ["umut", "Umut Çakır", "JUNIOR", "Frontend Developer", "OTHER", "İstanbul"],
      ["yasemin", "Yasemin Acar", "JUNIOR", "UI/UX Designer", "FEMALE", "Antalya"],
      ["baris", "Barış Keskin", "JUNIOR", "Mobile Developer", "MALE", "İstanbul"],
      ["ceren", "Ceren Doğan", "JUNIOR", "Backend Developer", "FEMALE", "Kocaeli"],
      ["eren", "Eren Yalçın", "JUNIOR", "Tester", "MALE", "Konya"],
      ["gamze", "Gamze Sarı", "JUNIOR", "Frontend Developer", "FEMALE", "Bursa"],
      ["oguz", "Oğuz Kaplan", "JUNIOR", "Data Analyst", "MALE", "Ankara"],
      ["ozge", "Özge Turan", "JUNIOR", "Project Manager", "FEMALE", "İzmir"],
      ["berk", "Berk Aslan", "JUNIOR", "Backend Developer", "MALE", "Ankara"],
      ["derya", "Derya Kurtuluş", "JUNIOR", "Backend Developer", "FEMALE", "İstanbul"],
      ["emine", "Emine Başaran", "JUNIOR", "Tester", "FEMALE", "Sakarya"],
      ["ferhat", "Ferhat Önal", "JUNIOR", "Mobile Developer", "MALE", "Malatya"],
      ["hilal", "Hilal Güler", "JUNIOR", "UI/UX Designer", "FEMALE", "Denizli"],
      ["ilker", "İlker Sönmez", "JUNIOR", "Frontend Developer", "MALE", "Manisa"],
      ["kubra", "Kübra Yıldırım", "JUNIOR", "Data Analyst", "FEMALE", "Balıkesir"],
      ["mustafa", "Mustafa Aktaş", "JUNIOR", "DevOps Engineer", "MALE", "Hatay"],
      ["nur", "Nur Çelebi", "JUNIOR", "Frontend Developer", "FEMALE", "Muğla"],
      ["selim", "Selim Ekinci", "JUNIOR", "Project Manager", "MALE", "Tekirdağ"],
      ["tuana", "Tuana Koçak", "JUNIOR", "Mobile Developer", "FEMALE", "Aydın"],
      ["yusuf", "Yusuf Kara", "JUNIOR", "Tester", "MALE", "Şanlıurfa"],
      ["serkan", "Serkan Bozkurt", "SENIOR", "Frontend Developer", "MALE", "İstanbul"],
      ["tugba", "Tuğba Çiftçi", "SENIOR", "Mobile Developer", "FEMALE", "Ankara"],
      ["volkan", "Volkan Erbil", "SENIOR", "Backend Developer", "MALE", "İzmir"],
      ["sibel", "Sibel Akgün", "SENIOR", "Tester", "FEMALE", "İstanbul"],
      ["kemal", "Kemal Özer", "SENIOR", "Project Manager", "MALE", "Bursa"],
      ["nihan", "Nihan Altun", "SENIOR", "UI/UX Designer", "FEMALE", "Antalya"],
      ["gokhan", "Gökhan Yurt", "SENIOR", "DevOps Engineer", "MALE", "Kocaeli"],
      ["melis", "Melis Karakaya", "SENIOR", "Data Analyst", "FEMALE", "İstanbul"],
      ["ahu", "Ahu Tunç", "SENIOR", "Frontend Developer", "FEMALE", "İzmir"],
      ["cem", "Cem Yücel", "SENIOR", "Backend Developer", "MALE", "Ankara"],
      ["esra", "Esra Demirci", "SENIOR", "Tester", "FEMALE", "Kocaeli"],
      ["levent", "Levent Oral", "SENIOR", "Mobile Developer", "MALE", "İstanbul"],
      ["pinar", "Pınar Avcı", "SENIOR", "UI/UX Designer", "FEMALE", "Eskişehir"],
    ] as const
  ).map(([key, name, type, position, gender, city], i): DemoPerson => ({
    key,
    name,
    type,
    position,
    gender,
    city,
    birthDate:
      type === "SENIOR"
        ? `${1982 + (i % 9)}-${pad2((i % 12) + 1)}-${pad2((i % 27) + 1)}`
        : // One Junior is under 18, for the profit-share rule.
          key === "eren"
          ? "2009-05-14"
          : `${1997 + (i % 7)}-${pad2(((i * 5) % 12) + 1)}-${pad2(((i * 7) % 27) + 1)}`,
    skills: skillsFor(position, i),
    about:
      type === "SENIOR"
        ? `${position} olarak uzun yıllardır sektördeyim; Juniorlara haftalık mentörlük veriyorum.`
        : `${position} olarak gerçek projelerde deneyim kazanmak istiyorum.`,
  })),
];

function pad2(n: number) {
  return String(n).padStart(2, "0");
}

function skillsFor(position: string, i: number): string[] {
  const byPosition: Record<string, string[]> = {
    "Project Manager": ["Scrum", "Jira", "Proje Yönetimi", "İletişim"],
    "Frontend Developer": ["React", "TypeScript", "CSS", "HTML", "JavaScript"],
    "Backend Developer": ["Node.js", "Express", "SQL", "PostgreSQL", "Java", "Spring Boot"],
    "Mobile Developer": ["Flutter", "Kotlin", "Swift", "React Native"],
    "UI/UX Designer": ["Figma", "UI Tasarımı", "Kullanıcı Araştırması"],
    Tester: ["Test Otomasyonu", "Manuel Test", "Jira"],
    "DevOps Engineer": ["Docker", "Git", "Python"],
    "Data Analyst": ["Python", "SQL", "MongoDB"],
  };
  const all = byPosition[position] ?? ["Git"];
  return all.filter((_, j) => (i + j) % 4 !== 3).concat(i % 3 === 0 ? ["Git"] : []);
}

export const PROJECTS: DemoProject[] = [
  {
    key: "gonullu-bul",
    title: "Gönüllü Bul",
    definition:
      "Sivil toplum kuruluşlarını gönüllülerle buluşturan web uygulaması. Kuruluşlar etkinlik açar, gönüllüler ilgi alanlarına göre başvurur. Proje sunumu: https://example.com/sunum/gonullu-bul",
    type: "WEB",
    startedDaysAgo: 3,
    completed: 20,
    goesLiveInWeeks: null,
    team: [
      { person: "mert", position: "Project Manager", type: "JUNIOR" },
      { person: "can", position: "Backend Developer", type: "JUNIOR" },
      { person: "ayse", position: "UI/UX Designer", type: "JUNIOR" },
      { person: "cansu", position: "Tester", type: "JUNIOR" },
      { person: "zeynep", position: "Backend Developer", type: "SENIOR" },
    ],
    open: [
      {
        position: "Frontend Developer",
        type: "JUNIOR",
        hoursLeft: 20,
        expectations: ["React", "TypeScript", "CSS"],
      },
    ],
  },
  {
    key: "mahalle-esnafi",
    title: "Mahalle Esnafı",
    definition:
      "Mahalledeki küçük işletmelerin ürünlerini listeleyip sipariş alabildiği, kuryesiz teslimat destekli pazar yeri.",
    type: "WEB",
    startedDaysAgo: 38,
    completed: 65,
    goesLiveInWeeks: null,
    team: [
      { person: "ebru", position: "Project Manager", type: "JUNIOR" },
      { person: "ahmet", position: "Frontend Developer", type: "JUNIOR" },
      { person: "dogukan", position: "Backend Developer", type: "JUNIOR" },
      { person: "lale", position: "UI/UX Designer", type: "JUNIOR" },
      { person: "irem", position: "Tester", type: "JUNIOR" },
      { person: "serkan", position: "Frontend Developer", type: "SENIOR" },
    ],
    open: [],
  },
  {
    key: "kampus-etkinlik",
    title: "Kampüs Etkinlik Takvimi",
    definition:
      "Üniversite kulüplerinin etkinliklerini tek takvimde toplayan, hatırlatma gönderen mobil uygulama. Sunum: https://example.com/sunum/kampus-etkinlik",
    type: "MOBILE",
    startedDaysAgo: 21,
    completed: 40,
    goesLiveInWeeks: null,
    team: [
      { person: "kaan", position: "Project Manager", type: "JUNIOR" },
      { person: "burak", position: "Mobile Developer", type: "JUNIOR" },
      { person: "pelin", position: "Mobile Developer", type: "JUNIOR" },
      { person: "hakan", position: "Backend Developer", type: "JUNIOR" },
      { person: "tugba", position: "Mobile Developer", type: "SENIOR" },
    ],
    open: [
      {
        position: "Tester",
        type: "JUNIOR",
        hoursLeft: 9,
        expectations: ["Manuel Test", "Jira"],
        applicants: ["emine"],
      },
    ],
  },
  {
    key: "kutuphane",
    title: "Kütüphane Rezervasyon",
    definition:
      "Halk kütüphanelerinde çalışma masası ve kitap rezervasyonu için web uygulaması; QR kod ile giriş.",
    type: "WEB",
    startedDaysAgo: 70,
    completed: 85,
    goesLiveInWeeks: null,
    team: [
      { person: "tolga", position: "Project Manager", type: "JUNIOR" },
      { person: "gizem", position: "Frontend Developer", type: "JUNIOR" },
      { person: "riza", position: "Backend Developer", type: "JUNIOR" },
      { person: "sena", position: "Tester", type: "JUNIOR" },
      { person: "nazli", position: "Data Analyst", type: "JUNIOR" },
      { person: "volkan", position: "Backend Developer", type: "SENIOR" },
    ],
    open: [],
  },
  {
    key: "evcil-dostlar",
    title: "Evcil Dostlar",
    definition:
      "Sahiplendirme ilanları, veteriner randevuları ve kayıp hayvan bildirimleri için mobil uygulama.",
    type: "MOBILE",
    startedDaysAgo: 5,
    completed: 10,
    goesLiveInWeeks: null,
    team: [
      { person: "ozge", position: "Project Manager", type: "JUNIOR" },
      { person: "baris", position: "Mobile Developer", type: "JUNIOR" },
      { person: "yasemin", position: "UI/UX Designer", type: "JUNIOR" },
    ],
    open: [
      {
        position: "Backend Developer",
        type: "JUNIOR",
        hoursLeft: 14,
        expectations: ["Node.js", "Firebase"],
        applicants: ["berk", "derya"],
      },
      {
        position: "Mobile Developer",
        type: "SENIOR",
        hoursLeft: 14,
        expectations: ["Flutter", "Kotlin"],
      },
    ],
  },
  {
    key: "saglikli-tarif",
    title: "Sağlıklı Tarif Defteri",
    definition: "",
    type: "MOBILE",
    startedDaysAgo: null,
    completed: 0,
    goesLiveInWeeks: null,
    team: [],
    open: [
      { position: "Project Manager", type: "JUNIOR", hoursLeft: 22, expectations: ["Scrum"] },
      {
        position: "Mobile Developer",
        type: "JUNIOR",
        hoursLeft: 22,
        expectations: ["Flutter", "Git"],
      },
      { position: "UI/UX Designer", type: "JUNIOR", hoursLeft: 22, expectations: [] },
    ],
  },
  {
    key: "bisiklet-haritasi",
    title: "Bisiklet Paylaşım Haritası",
    definition:
      "Şehirdeki bisiklet yollarını ve paylaşım istasyonlarını gösteren harita uygulaması.",
    type: "WEB",
    startedDaysAgo: null,
    completed: 0,
    goesLiveInWeeks: 1,
    team: [],
    open: [
      {
        position: "Project Manager",
        type: "JUNIOR",
        hoursLeft: 24,
        expectations: ["Proje Yönetimi"],
      },
      { position: "Frontend Developer", type: "JUNIOR", hoursLeft: 24, expectations: ["React"] },
    ],
  },
  {
    key: "ciftci-pazari",
    title: "Yerel Çiftçi Pazarı",
    definition: "Üreticiden tüketiciye aracısız satış için sipariş ve teslimat planlama platformu.",
    type: "WEB",
    startedDaysAgo: null,
    completed: 0,
    goesLiveInWeeks: 2,
    team: [],
    open: [{ position: "Project Manager", type: "JUNIOR", hoursLeft: 24, expectations: ["Scrum"] }],
  },
];

export const FEEDBACK: { about: string; from: string; project: string; text: string }[] = [
  {
    about: "can",
    from: "mert",
    project: "gonullu-bul",
    text: "API uç noktalarını zamanında teslim etti, kod incelemelerinde çok açık yorumlar yazıyor.",
  },
  {
    about: "can",
    from: "ayse",
    project: "gonullu-bul",
    text: "Tasarım değişikliklerini hızlıca uyguladı; iletişimi çok iyi.",
  },
  {
    about: "mert",
    from: "can",
    project: "gonullu-bul",
    text: "Sprint planlaması net ve herkesin görevini biliyor olması büyük kolaylık.",
  },
];
