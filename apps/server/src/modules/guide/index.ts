// The novice guide's face (docs/content.md "Novice guide"): its steps, each done from the user's own records.
export { GuideService } from './service';
export { guideRoutes } from './routes';
