import { isAHoliday } from "@18f/us-federal-holidays";

/**
 * Calendar arithmetic for ship and delivery dates (SPEC §9): the cut-off is a time of day in
 * America/New_York; business days skip weekends and US federal holidays (observed dates).
 * A "day" is a Date at UTC midnight of that calendar date.
 */
export const SHIPPING_TIME_ZONE = "America/New_York";

const nyFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SHIPPING_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  hourCycle: "h23",
});

/** The calendar date and time of an instant in New York. */
export function newYorkClock(instant: Date) {
  // Time zones move by whole minutes, so one minute's reading serves every instant in it: the
  // formatter cost a product page as much as the rest of its work.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== lastReading.minute) lastReading = { minute, ...readNewYorkClock(instant) };
  return { day: new Date(lastReading.dayMs), hour: lastReading.hour, minute: lastReading.clockMinute };
}

function readNewYorkClock(instant: Date) {
  const parts = Object.fromEntries(nyFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    dayMs: Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)),
    hour: Number(parts.hour),
    clockMinute: Number(parts.minute),
  };
}

let lastReading = { minute: Number.NaN, dayMs: 0, hour: 0, clockMinute: 0 };

/**
 * Whether each day asked about is a federal holiday. The library works out two years of holidays
 * on every call (a tenth of an order's CPU time); a day's answer never changes, and the days asked
 * about are the few around today, so they are kept.
 */
const holidays = new Map<number, boolean>();

function isHoliday(day: Date): boolean {
  let holiday = holidays.get(day.getTime());
  if (holiday === undefined) {
    holiday = isAHoliday(day, { utc: true });
    holidays.set(day.getTime(), holiday);
  }
  return holiday;
}

export function isBusinessDay(day: Date): boolean {
  const weekday = day.getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

const nextDay = (day: Date) => new Date(day.getTime() + 86_400_000);

export function nextBusinessDay(day: Date): Date {
  let d = nextDay(day);
  while (!isBusinessDay(d)) d = nextDay(d);
  return d;
}

export function addBusinessDays(day: Date, count: number): Date {
  let d = day;
  for (let i = 0; i < count; i++) d = nextBusinessDay(d);
  return d;
}

/**
 * The day an order placed at `now` ships: today when it is a business day and New York's clock is
 * before the cut-off (`cutoffPm` o'clock pm); otherwise the next business day.
 */
export function estimatedShipDay(now: Date, cutoffPm: number): Date {
  const { day, hour } = newYorkClock(now);
  const beforeCutoff = hour < 12 + cutoffPm;
  return isBusinessDay(day) && beforeCutoff ? day : nextBusinessDay(day);
}

/** YYYY-MM-DD, as dates are stored. */
export const isoDay = (day: Date) => day.toISOString().slice(0, 10);
