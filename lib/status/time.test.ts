import { describe, expect, it } from "vitest";
import {
  feedStamp,
  formatAtomTime,
  formatCalendarDate,
  formatRfc822,
  formatTimestamp,
  zonedTimeToInstant,
  zoneAbbreviation,
} from "./time";

describe("formatTimestamp", () => {
  it.each([
    // Values copied from the real captures with their page zones.
    ["2024-09-17T08:08:17.044Z", "Etc/UTC", "2024-09-17T08:08:17.044Z"],
    ["2020-06-16T21:00:29.031Z", "America/Los_Angeles", "2020-06-16T14:00:29.031-07:00"],
    ["2019-01-10T16:04:05.231Z", "America/Los_Angeles", "2019-01-10T08:04:05.231-08:00"],
    ["2019-06-24T12:25:57.666Z", "America/Tijuana", "2019-06-24T05:25:57.666-07:00"],
    ["2020-07-16T21:00:00.000Z", "Etc/UTC", "2020-07-16T21:00:00.000Z"],
    // Zero offset in a non-UTC zone keeps the numeric form, as Rails writes it.
    ["2024-01-15T10:00:00.005Z", "Europe/London", "2024-01-15T10:00:00.005+00:00"],
    ["2024-07-15T10:00:00.000Z", "Asia/Kolkata", "2024-07-15T15:30:00.000+05:30"],
    ["2024-07-15T23:30:00.999Z", "Pacific/Chatham", "2024-07-16T12:15:00.999+12:45"],
    ["1999-12-31T23:59:59.999Z", "America/New_York", "1999-12-31T18:59:59.999-05:00"],
  ])("%s in %s is %s", (instant, zone, expected) => {
    expect(formatTimestamp(new Date(instant), zone)).toBe(expected);
  });

  it("round-trips through Date for every hour across a DST change", () => {
    const start = Date.parse("2024-03-09T00:00:00.123Z");
    for (let hour = 0; hour < 72; hour++) {
      const instant = new Date(start + hour * 3_600_000);
      const text = formatTimestamp(instant, "America/Los_Angeles");
      expect(new Date(text).getTime()).toBe(instant.getTime());
    }
  });
});

describe("feed and date helpers", () => {
  it("formats RFC 822 in the page zone (Quay feed values)", () => {
    expect(formatRfc822(new Date("2021-11-07T12:01:01Z"), "America/New_York")).toBe("Sun, 07 Nov 2021 07:01:01 -0500");
    expect(formatRfc822(new Date("2021-11-01T14:19:06Z"), "America/New_York")).toBe("Mon, 01 Nov 2021 10:19:06 -0400");
    expect(formatRfc822(new Date("2021-12-14T08:57:40Z"), "Etc/UTC")).toBe("Tue, 14 Dec 2021 08:57:40 +0000");
  });

  it("formats Atom times in UTC seconds", () => {
    expect(formatAtomTime(new Date("2024-06-18T18:09:43.512Z"))).toBe("2024-06-18T18:09:43Z");
  });

  it("stamps updates with a space-padded day and the zone's abbreviation", () => {
    expect(feedStamp(new Date("2024-06-06T04:43:10Z"), "Etc/UTC")).toEqual({ month: "Jun", day: " 6", time: "04:43", zone: "UTC" });
    expect(feedStamp(new Date("2021-11-02T13:29:00Z"), "America/New_York")).toEqual({ month: "Nov", day: " 2", time: "09:29", zone: "EDT" });
    expect(zoneAbbreviation(new Date("2021-11-07T12:01:00Z"), "America/New_York")).toBe("EST");
  });

  it("writes calendar dates as YYYY-MM-DD", () => {
    expect(formatCalendarDate(new Date("2021-08-11T00:00:00Z"))).toBe("2021-08-11");
  });

  it("turns a wall-clock time into an instant across DST", () => {
    const at = (day: number, hour = 0) => zonedTimeToInstant({ year: 2024, month: 3, day, hour }, "America/Los_Angeles").toISOString();
    expect(at(10)).toBe("2024-03-10T08:00:00.000Z");
    expect(at(10, 3)).toBe("2024-03-10T10:00:00.000Z");
    expect(at(11)).toBe("2024-03-11T07:00:00.000Z");
    expect(zonedTimeToInstant({ year: 2021, month: 11, day: 7, hour: 7, minute: 1 }, "America/New_York").toISOString()).toBe("2021-11-07T12:01:00.000Z");
    expect(zonedTimeToInstant({ year: 2024, month: 6, day: 1 }, "Etc/UTC").toISOString()).toBe("2024-06-01T00:00:00.000Z");
  });
});
