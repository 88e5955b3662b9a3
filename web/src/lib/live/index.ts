export type { LiveDoc } from "./connection";
export {
  useLiveNotificationList,
  useLiveOwnProjects,
  useLivePendingVotes,
  useLiveProject,
  useLiveUnreadCount,
} from "./hooks";
