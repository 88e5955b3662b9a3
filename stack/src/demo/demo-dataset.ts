/**
 * Builds the demo dataset as documents relative to `now`: members with public profiles and
 * private contact data, live and queued projects with positions, members and open windows,
 * FAQ, reference lists, feedback and a few notifications for the demo accounts.
 */
import {
  type NotificationDoc,
  type NotificationType,
  RATING_CATEGORIES,
  type RatingAverages,
  type Role,
  addDays,
  addHours,
  slugifyName,
  type VoteWeek,
  voteWeekOf,
  voteWeekStartingAt,
  weekId,
  weekStart,
} from "@platform/common";
import { type BuiltDocument, builders, teamMember } from "@platform/common/testing";
import { renderAvatar, renderProjectImage } from "./avatar.js";
import { type ReferenceDocument, buildReferenceDocuments } from "../reference/index.js";
import { DEMO_PASSWORD, FEEDBACK, PEOPLE, PROJECTS, type DemoPerson } from "./demo-content.js";

export interface DemoAuthUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  role?: Role;
}

/** A document of the dataset, typed by its kind; its Dates become Timestamps when written. */
export type DemoDocument = BuiltDocument | ReferenceDocument;

/** A picture to put in Cloud Storage. */
export interface DemoFile {
  path: string;
  contentType: string;
  bytes: Buffer;
}

export interface DemoDataset {
  authUsers: DemoAuthUser[];
  documents: DemoDocument[];
  files: DemoFile[];
}

export const uidOf = (personKey: string) => `demo-${personKey}`;

export function buildDemoDataset(now: Date): DemoDataset {
  const documents: DemoDocument[] = [];
  const files: DemoFile[] = [];
  const build = builders(now);
  const add = (doc: DemoDocument) => documents.push(doc);
  /** Stores a rendered PNG and records it in `images` as an upload through /api would. */
  const addImage = (
    id: string,
    relatedId: string,
    relatedType: "User" | "Project",
    path: string,
    bytes: Buffer,
    uploadedBy: string | null,
  ) => {
    files.push({ path, contentType: "image/png", bytes });
    add(
      build.image(
        id,
        { relatedId, relatedType, path, size: bytes.length },
        { uploadedBy: uploadedBy ?? relatedId },
      ),
    );
    return path;
  };
  const applicationOf = new Map<string, { projectId: string; positionId: string }>();
  for (const project of PROJECTS) {
    project.open.forEach((o, index) => {
      for (const applicant of o.applicants ?? []) {
        applicationOf.set(applicant, {
          projectId: project.key,
          positionId: openPositionId(project.key, o, index),
        });
      }
    });
  }
  const person = new Map(PEOPLE.map((p) => [p.key, p]));
  const currentProject = new Map<string, { id: string; title: string }>();
  for (const project of PROJECTS) {
    for (const m of project.team)
      currentProject.set(m.person, { id: project.key, title: project.title });
  }

  // Reference data: the same documents `npm run seed:reference` writes to any project.
  for (const doc of buildReferenceDocuments()) add(doc);
  add(build.platformConfig());

  // Members.
  PEOPLE.forEach((p, i) => {
    const uid = uidOf(p.key);
    const project = currentProject.get(p.key) ?? null;
    const createdAt = addDays(now, -(120 - i));
    const rated = project !== null && p.type === "JUNIOR" && !p.role;
    add(
      build.profile(uid, p.type, {
        name: p.name,
        position: { name: p.position },
        gender: p.gender,
        address: `${p.city === "Berlin" ? "Almanya" : "Türkiye"} - ${p.city}`,
        birthDate: p.birthDate,
        about: p.about,
        skills: p.skills.map((name) => ({ name })),
        languages: [
          { language: "Türkçe", level: "İleri" },
          { language: "İngilizce", level: i % 3 === 0 ? "İleri" : "Orta" },
        ],
        edu_cert:
          p.type === "SENIOR"
            ? ["Orta Doğu Teknik Üniversitesi - Bilgisayar Mühendisliği"]
            : [`${p.city} Üniversitesi - Bilgisayar Mühendisliği`, "Web Geliştirme Sertifikası"],
        social_medias: [
          `linkedin:https://www.linkedin.com/in/${slugifyName(p.name)}`,
          ...(i % 2 === 0 ? [`github:https://github.com/${slugifyName(p.name)}`] : []),
        ],
        photoPath: addImage(
          `avatar-${uid}`,
          uid,
          "User",
          `users/${uid}/profile/avatar.png`,
          renderAvatar(uid),
          null,
        ),
        totalRate: rated ? ratingFor(i) : null,
        rateCount: rated ? 3 + (i % 4) : 0,
        skillVotes: rated ? Object.fromEntries(p.skills.map((s, j) => [s, 3 + ((i + j) % 3)])) : {},
        skillVoteCounts: rated ? Object.fromEntries(p.skills.map((s) => [s, 1])) : {},
        currentProjectId: project?.id ?? null,
        currentProjectTitle: project?.title ?? null,
        createdAt,
        updatedAt: createdAt,
      }),
    );
    const pending = applicationOf.get(p.key);
    if (pending) add(build.state(uid, pending));
    add(
      build.contact(uid, {
        email: p.email ?? `${slugifyName(p.name).replace(/-/g, ".")}@example.com`,
        isEmailVerified: p.email !== undefined,
      }),
    );
    add(
      build.details(uid, {
        telephone: `5${String(300000000 + i * 7919).slice(0, 9)}`,
        iban: i % 5 === 4 ? "" : `TR${String(100000000000 + i * 1234567).padStart(24, "0")}`,
        role: p.role ?? null,
        consents: {
          contractOfUse: true,
          privacyPolicy: true,
          contentPolicy: true,
          acceptedAt: createdAt,
        },
      }),
    );
  });

  // Projects: live ones went live on a past Friday, queued ones go live on coming Fridays.
  const lastFridayNoon = weekStart(now);
  for (const project of PROJECTS) {
    const live = project.goesLiveInWeeks === null;
    const startedAt =
      project.startedDaysAgo === null ? null : addDays(now, -project.startedDaysAgo);
    const liveSince = live ? (startedAt ?? lastFridayNoon) : null;
    const goLiveAt = live ? liveSince : addDays(lastFridayNoon, 7 * (project.goesLiveInWeeks ?? 0));
    const team = project.team.map((m) =>
      teamMember({
        uid: uidOf(m.person),
        name: person.get(m.person)!.name,
        type: m.type,
        positionName: m.position,
      }),
    );
    const manager = project.team.find(
      (m) => m.position === "Project Manager" && m.type === "JUNIOR",
    );
    const createdAt = addDays(goLiveAt ?? now, -10);
    add(
      build.project(project.key, {
        title: project.title,
        definition: project.definition,
        type: project.type,
        status: startedAt ? "Ongoing" : "NotStarted",
        isLive: live,
        goLiveAt,
        liveSince,
        startedAt,
        completed_percentage: project.completed,
        openPositionCount: project.open.length,
        managerId: manager ? uidOf(manager.person) : null,
        // One live project keeps the placeholder image, as a project without a picture shows.
        imagePath:
          project.key === "saglikli-tarif"
            ? null
            : addImage(
                `logo-${project.key}`,
                project.key,
                "Project",
                `projects/${project.key}/image/logo.png`,
                renderProjectImage(project.key),
                manager ? uidOf(manager.person) : null,
              ),
        team,
        createdAt,
        updatedAt: startedAt ?? createdAt,
      }),
    );

    project.team.forEach((m, index) => {
      const positionId = `${project.key}-${slugifyName(m.position)}-${m.type === "SENIOR" ? "sr" : "jr"}-${index + 1}`;
      const joinedAt = startedAt ?? createdAt;
      add(
        build.position(project.key, positionId, {
          positionName: m.position,
          type: m.type,
          expectations: (person.get(m.person)?.skills ?? []).slice(0, 3),
          status: "FILLED",
          windowStartsAt: addDays(joinedAt, -1),
          windowEndsAt: joinedAt,
          applicantCount: 1 + (index % 3),
          filledBy: uidOf(m.person),
          createdAt,
          updatedAt: joinedAt,
        }),
      );
      add(
        build.member(
          project.key,
          {
            uid: uidOf(m.person),
            name: person.get(m.person)!.name,
            type: m.type,
            positionName: m.position,
          },
          { positionId, joinedAt },
        ),
      );
    });

    project.open.forEach((o, index) => {
      const positionId = openPositionId(project.key, o, index);
      const windowEndsAt = live ? addHours(now, o.hoursLeft) : addHours(goLiveAt!, 24);
      add(
        build.position(project.key, positionId, {
          positionName: o.position,
          type: o.type,
          expectations: o.expectations,
          status: "OPEN",
          windowStartsAt: addHours(windowEndsAt, -24),
          windowEndsAt,
          applicantCount: o.applicants?.length ?? 0,
          createdAt,
          updatedAt: createdAt,
        }),
      );
      // Applications waiting for the selection when the window ends.
      (o.applicants ?? []).forEach((applicant, order) => {
        add(
          build.application(project.key, positionId, uidOf(applicant), {
            appliedAt: addHours(now, -(6 - order)),
          }),
        );
      });
    });
  }

  // Written feedback (shown with its author on the rated member's page).
  FEEDBACK.forEach((f, i) => {
    const author = person.get(f.from)!;
    add(
      build.feedback(
        uidOf(f.about),
        `demo-feedback-${i + 1}`,
        { uid: uidOf(f.from), name: author.name, position: { name: author.position } },
        {
          feedback: f.text,
          projectId: f.project,
          weekId: weekId(addDays(lastFridayNoon, -7)),
          updatedAt: addDays(lastFridayNoon, -7 + 0.5),
        },
      ),
    );
  });

  // A few notifications for the demo accounts.
  const notify = (
    key: string,
    personKey: string,
    type: NotificationType,
    hoursAgo: number,
    read: boolean,
    content: NotificationDoc["content"],
  ) =>
    add(
      build.notification(`demo-${key}`, uidOf(personKey), type, {
        read,
        createdAt: addHours(now, -hoursAgo),
        content,
      }),
    );
  const tarif = PROJECTS.find((p) => p.key === "saglikli-tarif")!;
  const gonullu = PROJECTS.find((p) => p.key === "gonullu-bul")!;
  const about = (project: { key: string; title: string }) => ({
    projectId: project.key,
    projectTitle: project.title,
  });
  notify("elif-live", "elif", "PROJECT_TO_LIVE", 50, false, about(tarif));
  notify("elif-hiring", "elif", "PROJECT_HIRING", 4, false, about(gonullu));
  notify("elif-rejected", "elif", "PROJECT_REJECTED", 24 * 9, true, {
    projectId: "mahalle-esnafi",
    projectTitle: "Mahalle Esnafı",
  });

  // The Junior developer of "Gönüllü Bul" has a pending weekly vote on a teammate and one
  // notification of every type of docs/product-rules.md#notification-types.
  const vote = demoVoteWindow(now);
  const voteId = `demo-vote-${vote.weekId}-can-ayse`;
  const ayse = person.get("ayse")!;
  add(
    build.vote(
      {
        id: voteId,
        voterId: uidOf("can"),
        target: { uid: uidOf("ayse"), name: ayse.name, type: ayse.type },
        projectId: gonullu.key,
      },
      {
        weekId: vote.weekId,
        skills: ayse.skills,
        opensAt: vote.opensAt,
        closesAt: vote.closesAt,
      },
    ),
  );
  const can = "can";
  notify("can-votetime", can, "PROJECT_USER_VOTETIME", 1, false, {
    ...about(gonullu),
    targetUser: ayse.name,
    voteId,
  });
  notify("can-hiring", can, "PROJECT_HIRING", 3, false, about(gonullu));
  notify("can-updated", can, "PROJECT_UPDATED", 20, false, about(gonullu));
  notify("can-left", can, "PROJECT_USER_LEFT", 26, true, {
    ...about(gonullu),
    userName: "Onur Bulut",
  });
  notify("can-feedback", can, "PROJECT_USER_GOTFEEDBACK", 24 * 2 + 5, false, about(gonullu));
  notify("can-completed", can, "PROJECT_USER_VOTECOMPLETED", 24 * 2 + 6, true, about(gonullu));
  notify("can-accepted", can, "PROJECT_ACCEPTED", 24 * 3 + 2, true, about(gonullu));
  notify("can-live", can, "PROJECT_TO_LIVE", 24 * 3 + 4, true, about(tarif));
  notify("can-rejected", can, "PROJECT_REJECTED", 24 * 12, true, {
    projectId: "kutuphane",
    projectTitle: "Kütüphane Rezervasyon",
  });
  notify("can-discarded", can, "PROJECT_USER_DISCARDED", 24 * 20, true, {
    projectId: "mahalle-esnafi",
    projectTitle: "Mahalle Esnafı",
  });
  // A month's share held for want of an IBAN, then released once one was saved.
  notify("can-share-held", can, "PROFIT_SHARE_HELD", 24 * 9, true, {});
  notify("can-share-released", can, "PROFIT_SHARE_RELEASED", 24 * 8, true, {});
  notify("mert-updated", "mert", "PROJECT_UPDATED", 30, false, about(gonullu));

  const authUsers: DemoAuthUser[] = PEOPLE.filter(
    (p): p is DemoPerson & { email: string } => p.email !== undefined,
  ).map((p) => ({
    uid: uidOf(p.key),
    email: p.email,
    password: DEMO_PASSWORD,
    displayName: p.name,
    role: p.role,
  }));
  // Staff roles as `npm run grant-role` records them (the jobs mail admins and ops from here).
  for (const u of authUsers) {
    if (u.role) add(build.role(u.uid, u.role, u.email));
  }
  return { authUsers, documents, files };
}

function openPositionId(projectKey: string, o: { position: string; type: string }, index: number) {
  return `${projectKey}-${slugifyName(o.position)}-${o.type === "SENIOR" ? "sr" : "jr"}-open-${index + 1}`;
}

/** The vote running now (Friday 12:00–23:59), or else the coming Friday's. */
function demoVoteWindow(now: Date): VoteWeek {
  const current = voteWeekOf(now);
  return now.getTime() < current.closesAt.getTime()
    ? current
    : voteWeekStartingAt(addDays(current.opensAt, 7));
}

function ratingFor(i: number): RatingAverages {
  const entries = RATING_CATEGORIES.map((c, j) => [c, 3 + (((i + j) * 7) % 20) / 10]);
  return Object.fromEntries(entries) as RatingAverages;
}
