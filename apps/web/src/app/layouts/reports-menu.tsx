import { Menu } from "@mantine/core";
import { cloneElement, type ReactElement, type Ref, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { REPORT_LINKS } from "./nav-links.tsx";

/**
 * The administrator's Reports menu (SPEC §2), around the header's Reports button (`children`).
 * Loaded when the button is first pressed or pointed at (app-header.tsx). The button pressed was the
 * header's stand-in, which this one replaces: it takes the focus, then the menu opens, so Mantine
 * gives the focus back to it when the menu closes (it records the element when `opened` changes).
 */
export default function ReportsMenu({ children }: { children: ReactElement<{ ref?: Ref<HTMLButtonElement> }> }) {
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-start" offset={0} width={220} shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(children, { ref: button })}</Menu.Target>
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
