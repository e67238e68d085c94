/** The Rise and Drop Ranking page (a home shortcut; docs/market-data.md "Screens"), composed by app/route-table.ts. */
import './strings';

export { RankingPage } from './components/ranking-page';
