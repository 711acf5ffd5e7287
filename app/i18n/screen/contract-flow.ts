// The "contractFlow" text namespace (a contract's transitions), loaded with the contract list's and document's chunks.
import en from "../en-US/contractFlow";
import { screenTexts } from "../screen-texts";
import zh from "../zh-CN/contractFlow";

export const CONTRACT_FLOW = screenTexts("contractFlow", zh, en);
