/** The helper centre, about us, the website company, the privacy policy and the user agreement (docs/content.md), composed by app/route-table.ts. */
export { HelpCenterPage } from './components/help-center-page';
export { AboutUsPage, CompanyPage, PrivacyPolicyPage } from './components/legal-pages';
