import { Menu } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { REPORT_LINKS } from "./nav-links.tsx";

/**
 * The administrator's Reports menu (SPEC §2), around the header's Reports button (`children`).
 * Loaded when the button is first pressed or pointed at, and shown open then (app-header.tsx).
 */
export default function ReportsMenu({ children }: { children: ReactNode }) {
  return (
    <Menu position="bottom-start" offset={0} width={220} shadow="md" defaultOpened>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        {REPORT_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
