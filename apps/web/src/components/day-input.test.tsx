import { fireEvent, screen } from "@testing-library/react";
import { MESSAGES, PRIMITIVE_MESSAGES } from "@vetportal/contract";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { DayInput, dayRangeError, parseDay, showDay } from "./day-input.tsx";

describe("a typed day", () => {
  it("is read as MM/DD/YYYY, with or without separators, or as YYYY-MM-DD", () => {
    expect(parseDay("11/30/2026")).toBe("2026-11-30");
    expect(parseDay(" 1/5/2026 ")).toBe("2026-01-05");
    expect(parseDay("1-5-2026")).toBe("2026-01-05");
    expect(parseDay("01.05.2026")).toBe("2026-01-05");
    expect(parseDay("11302026")).toBe("2026-11-30");
    expect(parseDay("2026-11-30")).toBe("2026-11-30");
    expect(parseDay("02/29/2028")).toBe("2028-02-29");
  });

  it("is not a day unless it is a whole, real one in the years the portal takes (1900–2100)", () => {
    for (const text of [
      "",
      "11/3",
      "11/30/202",
      "02/29/2026",
      "13/01/2026",
      "00/10/2026",
      "11/30/0999",
      "12/31/1899",
      "01/01/2101",
      "2026-2-3",
      "2026-02-30",
      "30/11/2026x",
    ]) {
      expect(parseDay(text), text).toBeUndefined();
    }
  });

  it("shows a day as MM/DD/YYYY and anything else as it is", () => {
    expect(showDay("2026-01-05")).toBe("01/05/2026");
    expect(showDay("1/5")).toBe("1/5");
    expect(showDay("")).toBe("");
  });

  it("refuses a range only when both ends are days and the last comes first", () => {
    expect(dayRangeError("2026-11-20", "2026-11-10")).toBe(MESSAGES.dateRange);
    expect(dayRangeError("2026-11-10", "2026-11-10")).toBeUndefined();
    expect(dayRangeError("11/3", "2026-11-10")).toBeUndefined();
    expect(dayRangeError("", "2026-11-10")).toBeUndefined();
  });
});

/** A day held as a form holds it, with the value it was last given shown beside it. */
function Day({ start = "" }: { start?: string }) {
  const [value, setValue] = useState(start);
  return (
    <form aria-label="Day" noValidate>
      <DayInput label="Ordered from" value={value} onChange={setValue} min="2026-01-01" />
      <output>{JSON.stringify(value)}</output>
      <button type="button" onClick={() => setValue("2026-02-03")}>
        Set
      </button>
    </form>
  );
}

const given = () => screen.getByRole("status");

describe("a day field", () => {
  afterEach(() => {
    // jsdom has no picker: the tests that need one define it.
    Reflect.deleteProperty(HTMLInputElement.prototype, "showPicker");
  });

  it("gives the day once a whole day is typed, and the text while it is not one", async () => {
    const { user } = renderComponent(<Day />);
    const field = await screen.findByRole("textbox", { name: "Ordered from" });
    expect(field).toHaveAttribute("placeholder", "MM/DD/YYYY");
    await user.type(field, "1/5/202");
    expect(given()).toHaveTextContent('"1/5/202"');
    await user.type(field, "6");
    // Shown as typed until the field is left, given as the day.
    expect(field).toHaveDisplayValue("1/5/2026");
    expect(given()).toHaveTextContent('"2026-01-05"');
    await user.tab();
    expect(field).toHaveDisplayValue("01/05/2026");
    await user.clear(field);
    expect(given()).toHaveTextContent('""');
  });

  it("shows a day it is given, and a new one in its place", async () => {
    const { user } = renderComponent(<Day start="2026-11-30" />);
    const field = await screen.findByRole("textbox", { name: "Ordered from" });
    expect(field).toHaveDisplayValue("11/30/2026");
    await user.click(screen.getByRole("button", { name: "Set" }));
    expect(field).toHaveDisplayValue("02/03/2026");
  });

  it("says what is wrong once left with text that is not a day, and the form is not valid", async () => {
    const { user } = renderComponent(<Day />);
    const field = await screen.findByRole("textbox", { name: "Ordered from" });
    const form = screen.getByRole("form", { name: "Day" }) as HTMLFormElement;
    await user.type(field, "11/31/2026");
    // Not while typing.
    expect(screen.queryByText(MESSAGES.dayFormat)).not.toBeInTheDocument();
    expect(form.checkValidity()).toBe(false);
    await user.tab();
    expect(screen.getByText(MESSAGES.dayFormat)).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await user.clear(field);
    await user.type(field, "11/30/2026");
    expect(screen.queryByText(MESSAGES.dayFormat)).not.toBeInTheDocument();
    expect(form.checkValidity()).toBe(true);
  });

  it("says which years it takes for a real day outside them", async () => {
    const { user } = renderComponent(<Day />);
    const field = await screen.findByRole("textbox", { name: "Ordered from" });
    await user.type(field, "01/01/1850");
    await user.tab();
    expect(screen.getByText(PRIMITIVE_MESSAGES.dateRange)).toBeInTheDocument();
    expect(given()).toHaveTextContent('"01/01/1850"');
  });

  it("says it when its form checks validity, without being left", async () => {
    const { user } = renderComponent(<Day />);
    const field = await screen.findByRole("textbox", { name: "Ordered from" });
    await user.type(field, "13/01/2026");
    (screen.getByRole("form", { name: "Day" }) as HTMLFormElement).checkValidity();
    expect(await screen.findByText(MESSAGES.dayFormat)).toBeInTheDocument();
  });

  it("makes the browser's date field only when the calendar is asked for, and takes the day picked on it", async () => {
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, "showPicker", { value: showPicker, configurable: true });
    const { user, container } = renderComponent(<Day start="2026-11-30" />);
    await screen.findByRole("textbox", { name: "Ordered from" });
    expect(container.querySelector('input[type="date"]')).toBeNull();

    await user.click(screen.getByRole("button", { name: "Pick from a calendar" }));
    const picker = container.querySelector<HTMLInputElement>('input[type="date"]');
    expect(picker).not.toBeNull();
    expect(showPicker).toHaveBeenCalledTimes(1);
    expect(picker).toHaveValue("2026-11-30");
    expect(picker).toHaveAttribute("min", "2026-01-01");
    expect(picker).toHaveAttribute("max", "2100-12-31");

    fireEvent.change(picker as HTMLInputElement, { target: { value: "2026-12-24" } });
    expect(screen.getByRole("textbox", { name: "Ordered from" })).toHaveDisplayValue("12/24/2026");
    expect(given()).toHaveTextContent('"2026-12-24"');
  });

  it("is typed where the browser has no picker to show", async () => {
    Object.defineProperty(HTMLInputElement.prototype, "showPicker", {
      value: () => {
        throw new DOMException("No picker", "NotSupportedError");
      },
      configurable: true,
    });
    const { user } = renderComponent(<Day />);
    await user.click(await screen.findByRole("button", { name: "Pick from a calendar" }));
    const field = screen.getByRole("textbox", { name: "Ordered from" });
    await user.type(field, "12/24/2026");
    expect(given()).toHaveTextContent('"2026-12-24"');
  });
});
