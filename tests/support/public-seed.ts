/**
 * Test data of the public-screen suites: a known set of members, live and queued projects, FAQ
 * entries, a project image in Storage and two sign-in accounts, written with firebase-admin into
 * the running stack after clearing it (each suite starts from exactly this data).
 */
import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { BUCKET, PROJECT_ID, clearStackData, pointAtStack } from "./stack-env.js";
import { type MemberType, type ProjectDoc, slugifyName } from "@platform/common";
import { type BuiltDocument, builders, faq, teamMember } from "@platform/common/testing";

export const PASSWORD = "Gizli-Sifre-123";

const DAY = 24 * 60 * 60 * 1000;

export interface SeedPerson {
  uid: string;
  name: string;
  userName: string;
  type: MemberType;
  position: string;
  email: string;
  projectId: string | null;
  projectTitle: string | null;
  complete: boolean;
}

const FIRST = ["Ayşe", "Berk", "Cem", "Duygu", "Emre", "Fatma", "Gökhan", "Hande", "Irmak", "Kaan"];
const LAST = ["Yılmaz", "Kara", "Çelik", "Doğan", "Aydın", "Koç", "Polat", "Uçar"];
const POSITIONS = ["Frontend Developer", "Backend Developer", "Designer", "Tester"];

export const PROJECTS = {
  a: {
    id: "proj-a",
    title: "Kampüs Etkinlik Uygulaması",
    definition:
      "Üniversite kulüplerinin etkinliklerini tek yerde toplayan mobil uygulama. Proje sunumu: https://example.com/kampus-sunum.pdf",
    about:
      "Üniversite kulüplerinin etkinliklerini tek yerde toplayan mobil uygulama. Proje sunumu:",
    link: "https://example.com/kampus-sunum.pdf",
  },
  b: { id: "proj-b", title: "Gönüllü Eşleştirme Platformu" },
  c: {
    id: "proj-c",
    title: "Kütüphane Rezervasyon Sistemi",
    definition: "Şehir kütüphanelerinde çalışma masası rezervasyonu için web uygulaması.",
  },
  queued: { id: "proj-q", title: "Gizli Kuyruk Projesi" },
} as const;

function person(
  uid: string,
  name: string,
  type: MemberType,
  position: string,
  project: { id: string; title: string } | null = null,
  complete = true,
): SeedPerson {
  return {
    uid,
    name,
    userName: slugifyName(name),
    type,
    position,
    email: `${slugifyName(name).replace(/-/g, ".")}@example.com`,
    projectId: project?.id ?? null,
    projectTitle: project?.title ?? null,
    complete,
  };
}

/** The named people the suites talk about. */
export const PEOPLE = {
  manager: person("u-deniz", "Deniz Acar", "JUNIOR", "Project Manager", PROJECTS.a),
  frontend: person("u-ece", "Ece Kaya", "JUNIOR", "Frontend Developer", PROJECTS.a),
  mentor: person("u-selim", "Selim Güneş", "SENIOR", "Backend Developer", PROJECTS.a),
  outsider: person("u-mert", "Mert Demir", "JUNIOR", "Designer"),
  ilker: person("u-ilker", "İlker Şahin", "JUNIOR", "Tester"),
  freeSenior: person("u-zeynep", "Zeynep Arslan", "SENIOR", "Designer"),
  otherSenior: person("u-burak", "Burak Öztürk", "SENIOR", "Frontend Developer"),
  incomplete: person("u-yarim", "Yarım Kayıt", "JUNIOR", "Tester", null, false),
} as const;

function generatedJuniors(count: number): SeedPerson[] {
  const out: SeedPerson[] = [];
  for (let i = 0; out.length < count; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    out.push(person(`u-gen-${i}`, name, "JUNIOR", POSITIONS[i % POSITIONS.length]!));
  }
  return out;
}

/** Every member: 45 complete Juniors, 3 Seniors and one Junior who never finished sign-up. */
export const ALL_PEOPLE: SeedPerson[] = [...Object.values(PEOPLE), ...generatedJuniors(45 - 4)];
export const completeOf = (type: MemberType) =>
  ALL_PEOPLE.filter((p) => p.complete && p.type === type);

export const FAQS = [
  {
    id: "faq-1",
    question: "Üyelik ücretli mi?",
    answer: "Hayır, üyelik tamamen ücretsizdir.",
    tags: ["home", "sss"],
  },
  {
    id: "faq-2",
    question: "Yeni projeler ne zaman eklenir?",
    answer: "Her cuma saat 12:00'de platforma yeni bir proje eklenir.",
    tags: ["home", "sss"],
  },
  {
    id: "faq-3",
    question: "Haftada ne kadar zaman ayırmam gerekiyor?",
    answer: "Juniorlardan haftada 15 saat ve üzeri çalışmaları beklenir.",
    tags: ["sss"],
  },
  {
    id: "faq-4",
    question: "Kâr paylaşımı nasıl yapılır?",
    answer: "Platform net kârın %10'unu alır, kalan tutar çalışılan günlere göre paylaştırılır.",
    tags: ["sss"],
  },
  {
    id: "faq-5",
    question: "Mentör olmak için ne gerekir?",
    answer: "Senior olarak kaydolup haftada en az 1 saat ayırmanız yeterlidir.",
    tags: ["home"],
  },
] as const;

/** A 1×1 PNG, the project image of proj-b. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const team = (...members: SeedPerson[]) =>
  members.map((m) => teamMember({ ...m, positionName: m.position }));

/** Every document of the public seed, dated relative to `now`. */
export function publicSeedDocuments(now: Date): BuiltDocument[] {
  const build = builders(now);
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const writes: BuiltDocument[] = [];

  ALL_PEOPLE.forEach((p, i) => {
    writes.push(
      build.profile(p.uid, p.type, {
        name: p.name,
        position: { name: p.position },
        gender: i % 2 === 0 ? "FEMALE" : "MALE",
        address: "Türkiye - İzmir",
        birthDate: "1998-04-09",
        about: `${p.name} hakkında kısa bir tanıtım.`,
        skills: [{ name: "TypeScript" }, { name: "React" }],
        languages: [
          { language: "Türkçe", level: "İleri" },
          { language: "İngilizce", level: "Orta" },
        ],
        edu_cert: ["Ege Üniversitesi - Bilgisayar Mühendisliği"],
        currentProjectId: p.projectId,
        currentProjectTitle: p.projectTitle,
        profileComplete: p.complete,
        createdAt: ago(60),
        updatedAt: ago(60),
      }),
    );
    writes.push(build.contact(p.uid, { email: p.email }));
  });

  const { manager, frontend, mentor } = PEOPLE;
  const project = (
    id: string,
    members: SeedPerson[],
    over: Pick<
      ProjectDoc,
      "title" | "definition" | "type" | "status" | "isLive" | "openPositionCount"
    > & { liveSince: Date | null; startedAt: Date | null; imagePath?: string },
  ) =>
    writes.push(
      build.project(id, {
        ...over,
        goLiveAt: over.liveSince,
        completed_percentage: 40,
        team: team(...members),
        createdAt: ago(30),
        updatedAt: ago(1),
      }),
    );
  project(PROJECTS.a.id, [manager, frontend, mentor], {
    title: PROJECTS.a.title,
    definition: PROJECTS.a.definition,
    type: "MOBILE",
    status: "Ongoing",
    isLive: true,
    liveSince: ago(20),
    startedAt: ago(20),
    openPositionCount: 2,
  });
  project(PROJECTS.b.id, [], {
    title: PROJECTS.b.title,
    definition: "",
    type: "WEB",
    status: "NotStarted",
    isLive: true,
    liveSince: ago(2),
    startedAt: null,
    openPositionCount: 1,
    imagePath: `projects/${PROJECTS.b.id}/image/logo.png`,
  });
  project(PROJECTS.c.id, [], {
    title: PROJECTS.c.title,
    definition: PROJECTS.c.definition,
    type: "WEB",
    status: "Ongoing",
    isLive: true,
    liveSince: ago(3),
    startedAt: ago(3),
    openPositionCount: 0,
  });
  project(PROJECTS.queued.id, [], {
    title: PROJECTS.queued.title,
    definition: "Henüz yayında olmayan proje.",
    type: "WEB",
    status: "NotStarted",
    isLive: false,
    liveSince: null,
    startedAt: null,
    openPositionCount: 1,
  });

  // Membership history: project A's team since it started, and the outsider's earlier stint in
  // project C (left after a day), which their public profile lists as a past project.
  const membership = (projectId: string, m: SeedPerson, joinedAt: Date, leftAt: Date | null) => {
    writes.push(
      build.member(
        projectId,
        { ...m, positionName: m.position },
        { positionId: `${projectId}-${m.uid}`, joinedAt, leftAt },
      ),
    );
    if (leftAt) writes.push(build.departure(projectId, m.uid, { leftAt }));
  };
  for (const m of [manager, frontend, mentor]) membership(PROJECTS.a.id, m, ago(20), null);
  membership(PROJECTS.c.id, PEOPLE.outsider, ago(3), ago(2));

  const position = (
    projectId: string,
    id: string,
    positionName: string,
    type: MemberType,
    status: "OPEN" | "FILLED",
    expectations: string[],
  ) =>
    writes.push(
      build.position(projectId, id, {
        positionName,
        type,
        expectations,
        status,
        windowStartsAt: ago(1),
        windowEndsAt: new Date(now.getTime() + DAY / 2),
        createdAt: ago(1),
        updatedAt: ago(1),
      }),
    );
  position(PROJECTS.a.id, "a-pm", "Project Manager", "JUNIOR", "FILLED", ["Scrum"]);
  position(PROJECTS.a.id, "a-fe", "Frontend Developer", "JUNIOR", "OPEN", [
    "React Native",
    "TypeScript",
  ]);
  position(PROJECTS.a.id, "a-design", "Designer", "SENIOR", "OPEN", []);
  position(PROJECTS.b.id, "b-be", "Backend Developer", "SENIOR", "OPEN", ["Node.js"]);
  position(PROJECTS.queued.id, "q-fe", "Frontend Developer", "JUNIOR", "OPEN", ["Vue"]);

  for (const { id, ...data } of FAQS) {
    writes.push(faq(id, { ...data, tags: [...data.tags], order: Number(id.slice(4)) }));
  }

  writes.push(
    build.notification("n-1", manager.uid, "PROJECT_TO_LIVE", {
      createdAt: ago(0.1),
      content: { projectId: PROJECTS.b.id, projectTitle: PROJECTS.b.title },
    }),
  );
  writes.push(
    build.notification("n-2", manager.uid, "PROJECT_USER_VOTETIME", {
      createdAt: ago(0.2),
      content: { projectId: PROJECTS.a.id, targetUser: frontend.name, voteId: "v-1" },
    }),
  );
  writes.push(
    build.notification("n-3", manager.uid, "PROJECT_UPDATED", {
      read: true,
      createdAt: ago(2),
      content: { projectId: PROJECTS.a.id, projectTitle: PROJECTS.a.title },
    }),
  );
  return writes;
}

/** Clears Firestore and Auth, then writes the data above. */
export async function seedPublicData(now = new Date()): Promise<void> {
  pointAtStack();
  await clearStackData();
  const app: App = initializeApp(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `public-seed-${Date.now()}`,
  );
  try {
    const db = getFirestore(app);
    const writes = publicSeedDocuments(now);
    for (let i = 0; i < writes.length; i += 400) {
      const batch = db.batch();
      for (const { path, data } of writes.slice(i, i + 400)) batch.set(db.doc(path), data);
      await batch.commit();
    }

    await getStorage(app)
      .bucket(BUCKET)
      .file(`projects/${PROJECTS.b.id}/image/logo.png`)
      .save(PNG, {
        contentType: "image/png",
        metadata: { metadata: { firebaseStorageDownloadTokens: "public-seed-token" } },
      });

    const auth = getAuth(app);
    for (const p of [PEOPLE.manager, PEOPLE.outsider]) {
      await auth.createUser({
        uid: p.uid,
        email: p.email,
        password: PASSWORD,
        emailVerified: true,
      });
    }
  } finally {
    await deleteApp(app);
  }
}
