/** The Rise and Drop Ranking page (a home shortcut; docs/market-data.md "Rise and Drop Ranking"), composed by app/route-table.ts. */
import './strings';

export { RankingPage } from './components/ranking-page';
