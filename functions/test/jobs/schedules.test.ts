import { describe, expect, it } from "vitest";
import { istanbulTime } from "@platform/common";
import { JOBS, JOB_NAMES, JOB_SCHEDULES, cronMatches } from "../../src/jobs/registry.js";
import * as scheduled from "../../src/jobs/scheduled.js";

describe("job schedules", () => {
  it("go-live and vote opening at Friday 12:00, not 11:59", () => {
    for (const job of ["go-live", "open-votes"] as const) {
      expect(cronMatches(JOB_SCHEDULES[job].cron, istanbulTime(2026, 11, 20, 12))).toBe(true);
      expect(cronMatches(JOB_SCHEDULES[job].cron, istanbulTime(2026, 11, 20, 11, 59))).toBe(false);
      expect(cronMatches(JOB_SCHEDULES[job].cron, istanbulTime(2026, 11, 21, 12))).toBe(false);
    }
  });

  it("vote closing at Saturday 00:00, after the minute 23:59 the vote includes", () => {
    const cron = JOB_SCHEDULES["close-votes"].cron;
    expect(cronMatches(cron, istanbulTime(2026, 11, 21, 0, 0))).toBe(true);
    expect(cronMatches(cron, istanbulTime(2026, 11, 20, 23, 59))).toBe(false);
    expect(cronMatches(cron, istanbulTime(2026, 11, 22, 0, 0))).toBe(false);
    expect(cronMatches(cron, istanbulTime(2026, 11, 28, 0, 0))).toBe(true);
  });

  it("sweeps every five minutes, on the minute", () => {
    const cron = JOB_SCHEDULES["select-applicants"].cron;
    expect(cronMatches(cron, istanbulTime(2026, 11, 21, 12, 0))).toBe(true);
    expect(cronMatches(cron, istanbulTime(2026, 11, 21, 12, 5))).toBe(true);
    expect(cronMatches(cron, istanbulTime(2026, 11, 21, 12, 7))).toBe(false);
  });

  it("understands lists, ranges and steps", () => {
    const at = istanbulTime(2026, 12, 15, 10, 30); // a Tuesday
    expect(cronMatches("30 10 15 * *", at)).toBe(true);
    expect(cronMatches("0,30 9-11 * 12 2", at)).toBe(true);
    expect(cronMatches("10-50/20 * * * *", at)).toBe(true);
    expect(cronMatches("10-50/15 * * * *", at)).toBe(false);
    expect(() => cronMatches("* * *", at)).toThrow(/five-field/);
    expect(() => cronMatches("*/0 * * * *", at)).toThrow(/unsupported/);
  });

  it("exports one scheduled function per job, in Istanbul time, in europe-west1", () => {
    const functions = Object.values(scheduled) as unknown as {
      __endpoint: { region?: string[]; scheduleTrigger: { schedule: string; timeZone: string } };
    }[];
    expect(functions).toHaveLength(JOB_NAMES.length);
    expect(Object.keys(JOBS).sort()).toEqual([...JOB_NAMES].sort());
    const crons = functions.map((f) => f.__endpoint.scheduleTrigger.schedule).sort();
    expect(crons).toEqual(JOB_NAMES.map((n) => JOB_SCHEDULES[n].cron).sort());
    for (const f of functions) {
      expect(f.__endpoint.scheduleTrigger.timeZone).toBe("Europe/Istanbul");
      expect(f.__endpoint.region).toEqual(["europe-west1"]);
    }
  });
});
