// 3-2-5 at the table page: the trick and the panel (trump, led suit, contracts, tricks won, scores).
import { trickPresenter } from "/static/table/trick.js";

export default trickPresenter();
