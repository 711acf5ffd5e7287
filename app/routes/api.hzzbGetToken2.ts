export { loader } from "./api.hzzbGetToken";
