export { decodeText as decodePgnBytes, stripBom } from "~/lib/encoding";
