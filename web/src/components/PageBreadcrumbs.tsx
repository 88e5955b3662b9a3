import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "react-router-dom";

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb trail; the last item is the current page. */
export function PageBreadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Sayfa yolu">
      <Breadcrumbs separatorMargin={6}>
        {items.map((item) =>
          item.to ? (
            <Anchor key={item.label} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} size="sm" c="dimmed" aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
