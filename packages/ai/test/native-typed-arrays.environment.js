import { TestEnvironment } from 'jest-environment-node';

/**
 * jest runs each test file in its own V8 realm, but onnxruntime-node's native addon returns typed arrays of the main
 * realm, and onnxruntime-common checks `data instanceof Float32Array` against the test realm's: every inference then
 * fails with "A float32 tensor's data must be type of function Float32Array()". Sharing the main realm's typed array
 * constructors makes the check see one Float32Array, as it does outside jest.
 */
const typedArrays = [
  Float32Array, Float64Array, Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array,
];

export default class NativeTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const constructor of typedArrays) this.global[constructor.name] = constructor;
  }
}
