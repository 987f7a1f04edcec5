import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { CountInput, type CountInputProps } from "./count-input.tsx";
import { MoneyInput } from "./money-input.tsx";

/** A count held as a form holds it, with the value it was last given shown beside it. */
function Count({ start = 5 as number | string, ...props }: Partial<CountInputProps> & { start?: number | string }) {
  const [value, setValue] = useState<number | string>(start);
  return (
    <>
      <CountInput label="Packs" min={5} max={20} {...props} value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

const given = () => screen.getByRole("status");

describe("a count", () => {
  it("takes digits only where the form allows nothing else", async () => {
    const { user } = renderComponent(<CountInput label="Packs" />);
    const packs = await screen.findByRole("textbox", { name: "Packs" });
    expect(packs).toHaveAttribute("inputmode", "numeric");
    await user.type(packs, "-3x.5");
    // Neither the minus sign, the letter nor the decimal point gets in.
    expect(packs).toHaveDisplayValue("35");
  });

  it("gives a number once one is typed, and the text while it is not one", async () => {
    const { user } = renderComponent(<Count clampBehavior="none" />);
    const packs = await screen.findByRole("textbox", { name: "Packs" });
    await user.clear(packs);
    expect(given()).toHaveTextContent('""');
    await user.type(packs, "012");
    // Shown as typed, given as the number.
    expect(packs).toHaveDisplayValue("012");
    expect(given()).toHaveTextContent(/^12$/);
    await user.clear(packs);
    await user.type(packs, "12345678901234567890");
    // Too long to be a number: kept as typed, for the rule to refuse.
    expect(given()).toHaveTextContent('"12345678901234567890"');
  });

  it("keeps a minus sign and decimals as typed where the form allows them", async () => {
    const { user } = renderComponent(<Count start="" allowNegative allowDecimal clampBehavior="none" />);
    const packs = await screen.findByRole("textbox", { name: "Packs" });
    expect(packs).toHaveAttribute("inputmode", "decimal");
    await user.type(packs, "-3.");
    expect(packs).toHaveDisplayValue("-3.");
    expect(given()).toHaveTextContent('"-3."');
    await user.type(packs, "5.1");
    // One decimal point only.
    expect(packs).toHaveDisplayValue("-3.51");
    expect(given()).toHaveTextContent(/^-3\.51$/);
  });

  it("steps by one with the arrow keys, within its limits", async () => {
    const { user } = renderComponent(<Count start={19} />);
    const packs = await screen.findByRole("textbox", { name: "Packs" });
    await user.click(packs);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(packs).toHaveDisplayValue("20");
    await user.clear(packs);
    await user.keyboard("{ArrowDown}");
    // From an empty field the first step is the minimum.
    expect(packs).toHaveDisplayValue("5");
    await user.keyboard("{ArrowDown}");
    expect(given()).toHaveTextContent(/^5$/);
  });

  it("is brought within its limits when left, unless it is left as typed", async () => {
    const { user } = renderComponent(
      <>
        <Count />
        <Count start={7} label="Pallets" clampBehavior="none" />
      </>,
    );
    const packs = await screen.findByRole("textbox", { name: "Packs" });
    await user.clear(packs);
    await user.type(packs, "25");
    await user.tab();
    expect(packs).toHaveDisplayValue("20");
    const pallets = screen.getByRole("textbox", { name: "Pallets" });
    await user.clear(pallets);
    await user.type(pallets, "2");
    await user.tab();
    expect(pallets).toHaveDisplayValue("2");
  });
});

describe("an amount", () => {
  it("shows money with a dollar sign and two decimals", async () => {
    const { user } = renderComponent(<MoneyInput label="Price" />);
    const price = await screen.findByRole("textbox", { name: "Price" });
    await user.type(price, "12.5");
    await user.tab();
    expect(price).toHaveValue("$12.50");
  });
});
