import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { GrowingTextarea } from "./growing-textarea.tsx";

function Note() {
  const [value, setValue] = useState("");
  return (
    <GrowingTextarea
      label="Note"
      minRows={3}
      maxRows={6}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

describe("GrowingTextarea (decision 034, lever 27)", () => {
  it("shows minRows lines and leaves its growth to the browser, never sizing itself from script", async () => {
    renderComponent(<Note />);
    const box = screen.getByRole("textbox", { name: "Note" });
    expect(box).toHaveAttribute("rows", "3");
    await userEvent.type(box, "one{enter}two{enter}three{enter}four{enter}five{enter}six{enter}seven");
    expect(box).toHaveValue("one\ntwo\nthree\nfour\nfive\nsix\nseven");
    // Mantine's autosize writes the measured height on the element; this one never does.
    expect(box.style.height).toBe("");
    const wrapper = box.closest("[style*='--grow-min-rows']") as HTMLElement;
    expect(wrapper.style.getPropertyValue("--grow-min-rows")).toBe("3");
    expect(wrapper.style.getPropertyValue("--grow-max-rows")).toBe("6");
  });
});
