// The demo's pages in one chunk (decision 041).
export { DemoPage } from './DemoPage';
export { DemoProviderDashboardPage } from './DemoProviderDashboardPage';
export { DemoSeekerDashboardPage, DemoSearchPage } from './DemoSeekerPages';
export { DemoDealsPage } from './DemoDealsPage';
