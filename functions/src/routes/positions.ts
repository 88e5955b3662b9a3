import { messages } from "@platform/common";
import { contract } from "@platform/common/api";
import { endpoint } from "../http/endpoint.js";
import * as positions from "../services/positions.js";

const api = contract.positions;

export const positionsRoutes = [
  endpoint(api.byProject, async ({ params, user }) => ({
    data: await positions.positionsByProject(user, params.projectId),
  })),

  endpoint(api.names, async () => ({ data: await positions.positionNames() })),

  endpoint(api.add, async ({ body, user, now }) => ({
    status: 201,
    message: messages.projects.positionsAdded,
    data: await positions.addPositions(user.uid, body.projectId, body.positions, now),
  })),

  endpoint(api.apply, async ({ params, user, now }) => ({
    status: 201,
    message: messages.projects.applySuccess,
    data: await positions.apply(user.uid, params.positionId, now),
  })),

  endpoint(api.remove, async ({ params, user, now }) => ({
    message: messages.projects.positionDeleted,
    data: await positions.deletePosition(user.uid, params.positionId, now),
  })),
];
