// Must not compile: version is a string (proves tsc reads the declarations).
import { load } from 'libbfc';
const v: number = (await load()).version;
