/** The novice guide (a home shortcut; docs/content.md "Novice guide"), composed by app/route-table.ts. */
import './strings';

export { GuidePage } from './components/guide-page';
