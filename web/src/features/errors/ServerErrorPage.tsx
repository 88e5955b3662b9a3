import { useLocation } from "react-router-dom";
import { ServerErrorScreen } from "../../components/ServerErrorScreen";

/** `screens.serverError`: "reload" goes back to the page that failed, when known. */
export function ServerErrorPage() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <ServerErrorScreen
      onReload={() => (from ? window.location.assign(from) : window.location.reload())}
    />
  );
}
