// Allure 3 report settings for `npm run report` (scripts/report.ts): one HTML file that
// opens from disk, grouped by feature, with the failure categories of fixtures/reporting.ts.
import { defineConfig } from 'allure';
import { CATEGORIES } from './fixtures/reporting.js';

export default defineConfig({
  name: 'Hall Booking contract suite',
  output: 'reports/allure-report',
  categories: { rules: CATEGORIES },
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
