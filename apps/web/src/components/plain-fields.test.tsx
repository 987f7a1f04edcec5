import { Checkbox, NativeSelect, TextInput } from "@mantine/core";
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { PlainCheckbox, PlainSelect, PlainTextInput } from "./plain-fields.tsx";

/**
 * An element as markup to compare: attributes sorted, ids and the references to them numbered in
 * order, Mantine's static class names (`mantine-Input-input`, which no stylesheet uses) left out.
 */
function shape(root: Element): string {
  const ids = new Map<string, string>();
  const id = (value: string) => {
    if (!ids.has(value)) ids.set(value, `id${ids.size}`);
    return ids.get(value);
  };
  const walk = (el: Element): string => {
    const attrs = [...el.attributes]
      .map(({ name, value }) => {
        if (name === "id" || name === "for") return `${name}=${id(value)}`;
        if (name === "aria-describedby") return `${name}=${id(value)}`;
        if (name === "class")
          return `class=${value
            .split(/\s+/)
            .filter((c) => c && !/^mantine-[A-Z]/.test(c))
            .sort()
            .join(" ")}`;
        return `${name}=${value}`;
      })
      .sort();
    return `<${el.tagName.toLowerCase()} ${attrs.join(" ")}>${[...el.childNodes]
      .map((node) => (node.nodeType === 1 ? walk(node as Element) : (node.textContent ?? "")))
      .join("")}</${el.tagName.toLowerCase()}>`;
  };
  return walk(root);
}

/** The markup `ui` renders, by shape. */
function shapeOf(ui: ReactNode): string {
  const { container, unmount } = renderComponent(<div data-testid="field">{ui}</div>);
  const field = screen.getByTestId("field").firstElementChild;
  if (!field) throw new Error("nothing rendered");
  const markup = shape(field);
  unmount();
  container.remove();
  return markup;
}

const noop = () => {};
const DATA = [
  { value: "0", label: "ALL" },
  { value: "5", label: "Surgery" },
];

describe("plain fields are Mantine's markup", () => {
  it("a select is NativeSelect's, but for its arrows hidden from assistive technology", () => {
    const plain = shapeOf(<PlainSelect label="Department" data={DATA} value="5" onChange={noop} />);
    const mantine = shapeOf(<NativeSelect label="Department" data={DATA} value="5" onChange={noop} />);
    expect(plain).toContain("option");
    expect(plain.replace(" aria-hidden=true", "")).toBe(mantine);
  });

  it("a text input is TextInput's, with and without a description under it", () => {
    expect(shapeOf(<PlainTextInput label="PO number" value="PO-1" onChange={noop} maxLength={100} />)).toBe(
      shapeOf(<TextInput label="PO number" value="PO-1" onChange={noop} maxLength={100} />),
    );
    expect(
      shapeOf(<PlainTextInput label="Keyword" description="Order #, PO" value="" onChange={noop} maxLength={100} />),
    ).toBe(
      shapeOf(
        <TextInput
          label="Keyword"
          description="Order #, PO"
          inputWrapperOrder={["label", "input", "description"]}
          value=""
          onChange={noop}
          maxLength={100}
        />,
      ),
    );
  });

  it("a checkbox is Checkbox's below its root, checked or not, enabled or not", () => {
    // The root carries as variables what Checkbox's own root class sets (plain-fields.tsx).
    const body = (ui: ReactNode) => shapeOf(ui).replace(/^<div [^>]*>/, "");
    const cases: [checked: boolean, disabled: boolean][] = [
      [false, false],
      [true, false],
      [false, true],
    ];
    for (const [checked, disabled] of cases) {
      expect(body(<PlainCheckbox label="PO number" checked={checked} disabled={disabled} onChange={noop} />)).toBe(
        body(<Checkbox label="PO number" checked={checked} disabled={disabled} onChange={noop} />),
      );
    }
  });
});
