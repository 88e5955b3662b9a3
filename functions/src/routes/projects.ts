import { messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import * as projects from "../services/projects.js";

const api = contract.projects;

export const projectsRoutes = [
  endpoint(api.list, async ({ user }) => ({ data: await projects.listProjects(user) })),

  endpoint(api.userProjects, async ({ params, now }) => ({
    data: await projects.userProjects(params.userId, now),
  })),

  endpoint(api.leave, async ({ body, user, now }) => ({
    message: messages.projects.leaveSuccess,
    data: await projects.leaveProject(user.uid, body.projectId, now),
  })),

  endpoint(api.update, async ({ params, body, user, now }) => ({
    message: messages.projects.updateSuccess,
    data: await projects.updateProject(user.uid, params.id, body, now),
  })),

  endpoint(api.byId, async ({ params, user }) => ({
    data: await projects.getProject(user, params.id),
  })),
];
