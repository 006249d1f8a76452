export { browserStringFields, hostileStrings, setAt, type FieldPath, type HostileKind, type StringFieldCase } from './hostile-strings.js';
