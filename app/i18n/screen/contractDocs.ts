// The "contractDocs" text namespace (the printed contract's template tab, the contract side registers), loaded with their chunks.
import en from "../en-US/contractDocs";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/contractDocs";

export const CONTRACT_DOCS = screenTexts("contractDocs", zh, en);
