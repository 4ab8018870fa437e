// Allure 3 report settings for `npm run report` (scripts/report.ts): one HTML file that
// opens from disk, grouped by feature, with the failure categories of reporting/report-options.ts,
// a history carried from run to run (trends, "failing since") and a quality gate on contract breaks.
import { defineConfig } from 'allure';
import { loadEnv } from './settings/env.js';
import { ALLURE_HISTORY, CATEGORIES, isContractBreak, reportsPath } from './reporting/report-options.js';

export default defineConfig({
  name: 'Hall Booking contract suite',
  output: 'reports/allure-report',
  // One JSON line per generated report; CI keeps the file between nightly runs (.github/workflows/hall-booking.yml).
  historyPath: reportsPath(loadEnv(), ...ALLURE_HISTORY),
  historyLimit: 60,
  categories: { rules: CATEGORIES },
  // A contract break fails the gate; drift (its own category, first match wins) does not.
  qualityGate: {
    rules: [{ id: 'contract-breaks', maxFailures: 0, filter: isContractBreak }],
  },
  plugins: {
    awesome: {
      options: {
        reportName: 'Hall Booking contract suite',
        singleFile: true,
        reportLanguage: 'en',
        groupBy: ['feature', 'parentSuite', 'suite'],
      },
    },
  },
});
