// node_modules/lodash-es/_freeGlobal.js
var freeGlobal = typeof global == "object" && global && global.Object === Object && global;
var freeGlobal_default = freeGlobal;

// node_modules/lodash-es/_root.js
var freeSelf = typeof self == "object" && self && self.Object === Object && self;
var root = freeGlobal_default || freeSelf || Function("return this")();
var root_default = root;

// node_modules/lodash-es/_Symbol.js
var Symbol = root_default.Symbol;
var Symbol_default = Symbol;

// node_modules/lodash-es/_getRawTag.js
var objectProto = Object.prototype;
var hasOwnProperty = objectProto.hasOwnProperty;
var nativeObjectToString = objectProto.toString;
var symToStringTag = Symbol_default ? Symbol_default.toStringTag : void 0;
function getRawTag(value) {
  var isOwn = hasOwnProperty.call(value, symToStringTag), tag = value[symToStringTag];
  try {
    value[symToStringTag] = void 0;
    var unmasked = true;
  } catch (e) {
  }
  var result = nativeObjectToString.call(value);
  if (unmasked) {
    if (isOwn) {
      value[symToStringTag] = tag;
    } else {
      delete value[symToStringTag];
    }
  }
  return result;
}
var getRawTag_default = getRawTag;

// node_modules/lodash-es/_objectToString.js
var objectProto2 = Object.prototype;
var nativeObjectToString2 = objectProto2.toString;
function objectToString(value) {
  return nativeObjectToString2.call(value);
}
var objectToString_default = objectToString;

// node_modules/lodash-es/_baseGetTag.js
var nullTag = "[object Null]";
var undefinedTag = "[object Undefined]";
var symToStringTag2 = Symbol_default ? Symbol_default.toStringTag : void 0;
function baseGetTag(value) {
  if (value == null) {
    return value === void 0 ? undefinedTag : nullTag;
  }
  return symToStringTag2 && symToStringTag2 in Object(value) ? getRawTag_default(value) : objectToString_default(value);
}
var baseGetTag_default = baseGetTag;

// node_modules/lodash-es/isObjectLike.js
function isObjectLike(value) {
  return value != null && typeof value == "object";
}
var isObjectLike_default = isObjectLike;

// node_modules/lodash-es/isSymbol.js
var symbolTag = "[object Symbol]";
function isSymbol(value) {
  return typeof value == "symbol" || isObjectLike_default(value) && baseGetTag_default(value) == symbolTag;
}
var isSymbol_default = isSymbol;

// node_modules/lodash-es/_arrayMap.js
function arrayMap(array, iteratee) {
  var index = -1, length = array == null ? 0 : array.length, result = Array(length);
  while (++index < length) {
    result[index] = iteratee(array[index], index, array);
  }
  return result;
}
var arrayMap_default = arrayMap;

// node_modules/lodash-es/isArray.js
var isArray = Array.isArray;
var isArray_default = isArray;

// node_modules/lodash-es/_baseToString.js
var INFINITY = 1 / 0;
var symbolProto = Symbol_default ? Symbol_default.prototype : void 0;
var symbolToString = symbolProto ? symbolProto.toString : void 0;
function baseToString(value) {
  if (typeof value == "string") {
    return value;
  }
  if (isArray_default(value)) {
    return arrayMap_default(value, baseToString) + "";
  }
  if (isSymbol_default(value)) {
    return symbolToString ? symbolToString.call(value) : "";
  }
  var result = value + "";
  return result == "0" && 1 / value == -INFINITY ? "-0" : result;
}
var baseToString_default = baseToString;

// node_modules/lodash-es/isObject.js
function isObject(value) {
  var type = typeof value;
  return value != null && (type == "object" || type == "function");
}
var isObject_default = isObject;

// node_modules/lodash-es/identity.js
function identity(value) {
  return value;
}
var identity_default = identity;

// node_modules/lodash-es/isFunction.js
var asyncTag = "[object AsyncFunction]";
var funcTag = "[object Function]";
var genTag = "[object GeneratorFunction]";
var proxyTag = "[object Proxy]";
function isFunction(value) {
  if (!isObject_default(value)) {
    return false;
  }
  var tag = baseGetTag_default(value);
  return tag == funcTag || tag == genTag || tag == asyncTag || tag == proxyTag;
}
var isFunction_default = isFunction;

// node_modules/lodash-es/_coreJsData.js
var coreJsData = root_default["__core-js_shared__"];
var coreJsData_default = coreJsData;

// node_modules/lodash-es/_isMasked.js
var maskSrcKey = function() {
  var uid = /[^.]+$/.exec(coreJsData_default && coreJsData_default.keys && coreJsData_default.keys.IE_PROTO || "");
  return uid ? "Symbol(src)_1." + uid : "";
}();
function isMasked(func) {
  return !!maskSrcKey && maskSrcKey in func;
}
var isMasked_default = isMasked;

// node_modules/lodash-es/_toSource.js
var funcProto = Function.prototype;
var funcToString = funcProto.toString;
function toSource(func) {
  if (func != null) {
    try {
      return funcToString.call(func);
    } catch (e) {
    }
    try {
      return func + "";
    } catch (e) {
    }
  }
  return "";
}
var toSource_default = toSource;

// node_modules/lodash-es/_baseIsNative.js
var reRegExpChar = /[\\^$.*+?()[\]{}|]/g;
var reIsHostCtor = /^\[object .+?Constructor\]$/;
var funcProto2 = Function.prototype;
var objectProto3 = Object.prototype;
var funcToString2 = funcProto2.toString;
var hasOwnProperty2 = objectProto3.hasOwnProperty;
var reIsNative = RegExp(
  "^" + funcToString2.call(hasOwnProperty2).replace(reRegExpChar, "\\$&").replace(/hasOwnProperty|(function).*?(?=\\\()| for .+?(?=\\\])/g, "$1.*?") + "$"
);
function baseIsNative(value) {
  if (!isObject_default(value) || isMasked_default(value)) {
    return false;
  }
  var pattern = isFunction_default(value) ? reIsNative : reIsHostCtor;
  return pattern.test(toSource_default(value));
}
var baseIsNative_default = baseIsNative;

// node_modules/lodash-es/_getValue.js
function getValue(object, key) {
  return object == null ? void 0 : object[key];
}
var getValue_default = getValue;

// node_modules/lodash-es/_getNative.js
function getNative(object, key) {
  var value = getValue_default(object, key);
  return baseIsNative_default(value) ? value : void 0;
}
var getNative_default = getNative;

// node_modules/lodash-es/_WeakMap.js
var WeakMap = getNative_default(root_default, "WeakMap");
var WeakMap_default = WeakMap;

// node_modules/lodash-es/_apply.js
function apply(func, thisArg, args) {
  switch (args.length) {
    case 0:
      return func.call(thisArg);
    case 1:
      return func.call(thisArg, args[0]);
    case 2:
      return func.call(thisArg, args[0], args[1]);
    case 3:
      return func.call(thisArg, args[0], args[1], args[2]);
  }
  return func.apply(thisArg, args);
}
var apply_default = apply;

// node_modules/lodash-es/_shortOut.js
var HOT_COUNT = 800;
var HOT_SPAN = 16;
var nativeNow = Date.now;
function shortOut(func) {
  var count = 0, lastCalled = 0;
  return function() {
    var stamp = nativeNow(), remaining = HOT_SPAN - (stamp - lastCalled);
    lastCalled = stamp;
    if (remaining > 0) {
      if (++count >= HOT_COUNT) {
        return arguments[0];
      }
    } else {
      count = 0;
    }
    return func.apply(void 0, arguments);
  };
}
var shortOut_default = shortOut;

// node_modules/lodash-es/constant.js
function constant(value) {
  return function() {
    return value;
  };
}
var constant_default = constant;

// node_modules/lodash-es/_defineProperty.js
var defineProperty = function() {
  try {
    var func = getNative_default(Object, "defineProperty");
    func({}, "", {});
    return func;
  } catch (e) {
  }
}();
var defineProperty_default = defineProperty;

// node_modules/lodash-es/_baseSetToString.js
var baseSetToString = !defineProperty_default ? identity_default : function(func, string) {
  return defineProperty_default(func, "toString", {
    "configurable": true,
    "enumerable": false,
    "value": constant_default(string),
    "writable": true
  });
};
var baseSetToString_default = baseSetToString;

// node_modules/lodash-es/_setToString.js
var setToString = shortOut_default(baseSetToString_default);
var setToString_default = setToString;

// node_modules/lodash-es/_isIndex.js
var MAX_SAFE_INTEGER = 9007199254740991;
var reIsUint = /^(?:0|[1-9]\d*)$/;
function isIndex(value, length) {
  var type = typeof value;
  length = length == null ? MAX_SAFE_INTEGER : length;
  return !!length && (type == "number" || type != "symbol" && reIsUint.test(value)) && (value > -1 && value % 1 == 0 && value < length);
}
var isIndex_default = isIndex;

// node_modules/lodash-es/_baseAssignValue.js
function baseAssignValue(object, key, value) {
  if (key == "__proto__" && defineProperty_default) {
    defineProperty_default(object, key, {
      "configurable": true,
      "enumerable": true,
      "value": value,
      "writable": true
    });
  } else {
    object[key] = value;
  }
}
var baseAssignValue_default = baseAssignValue;

// node_modules/lodash-es/eq.js
function eq(value, other) {
  return value === other || value !== value && other !== other;
}
var eq_default = eq;

// node_modules/lodash-es/_overRest.js
var nativeMax = Math.max;
function overRest(func, start, transform) {
  start = nativeMax(start === void 0 ? func.length - 1 : start, 0);
  return function() {
    var args = arguments, index = -1, length = nativeMax(args.length - start, 0), array = Array(length);
    while (++index < length) {
      array[index] = args[start + index];
    }
    index = -1;
    var otherArgs = Array(start + 1);
    while (++index < start) {
      otherArgs[index] = args[index];
    }
    otherArgs[start] = transform(array);
    return apply_default(func, this, otherArgs);
  };
}
var overRest_default = overRest;

// node_modules/lodash-es/_baseRest.js
function baseRest(func, start) {
  return setToString_default(overRest_default(func, start, identity_default), func + "");
}
var baseRest_default = baseRest;

// node_modules/lodash-es/isLength.js
var MAX_SAFE_INTEGER2 = 9007199254740991;
function isLength(value) {
  return typeof value == "number" && value > -1 && value % 1 == 0 && value <= MAX_SAFE_INTEGER2;
}
var isLength_default = isLength;

// node_modules/lodash-es/isArrayLike.js
function isArrayLike(value) {
  return value != null && isLength_default(value.length) && !isFunction_default(value);
}
var isArrayLike_default = isArrayLike;

// node_modules/lodash-es/_isIterateeCall.js
function isIterateeCall(value, index, object) {
  if (!isObject_default(object)) {
    return false;
  }
  var type = typeof index;
  if (type == "number" ? isArrayLike_default(object) && isIndex_default(index, object.length) : type == "string" && index in object) {
    return eq_default(object[index], value);
  }
  return false;
}
var isIterateeCall_default = isIterateeCall;

// node_modules/lodash-es/_isPrototype.js
var objectProto4 = Object.prototype;
function isPrototype(value) {
  var Ctor = value && value.constructor, proto = typeof Ctor == "function" && Ctor.prototype || objectProto4;
  return value === proto;
}
var isPrototype_default = isPrototype;

// node_modules/lodash-es/_baseTimes.js
function baseTimes(n, iteratee) {
  var index = -1, result = Array(n);
  while (++index < n) {
    result[index] = iteratee(index);
  }
  return result;
}
var baseTimes_default = baseTimes;

// node_modules/lodash-es/_baseIsArguments.js
var argsTag = "[object Arguments]";
function baseIsArguments(value) {
  return isObjectLike_default(value) && baseGetTag_default(value) == argsTag;
}
var baseIsArguments_default = baseIsArguments;

// node_modules/lodash-es/isArguments.js
var objectProto5 = Object.prototype;
var hasOwnProperty3 = objectProto5.hasOwnProperty;
var propertyIsEnumerable = objectProto5.propertyIsEnumerable;
var isArguments = baseIsArguments_default(/* @__PURE__ */ function() {
  return arguments;
}()) ? baseIsArguments_default : function(value) {
  return isObjectLike_default(value) && hasOwnProperty3.call(value, "callee") && !propertyIsEnumerable.call(value, "callee");
};
var isArguments_default = isArguments;

// node_modules/lodash-es/stubFalse.js
function stubFalse() {
  return false;
}
var stubFalse_default = stubFalse;

// node_modules/lodash-es/isBuffer.js
var freeExports = typeof exports == "object" && exports && !exports.nodeType && exports;
var freeModule = freeExports && typeof module == "object" && module && !module.nodeType && module;
var moduleExports = freeModule && freeModule.exports === freeExports;
var Buffer = moduleExports ? root_default.Buffer : void 0;
var nativeIsBuffer = Buffer ? Buffer.isBuffer : void 0;
var isBuffer = nativeIsBuffer || stubFalse_default;
var isBuffer_default = isBuffer;

// node_modules/lodash-es/_baseIsTypedArray.js
var argsTag2 = "[object Arguments]";
var arrayTag = "[object Array]";
var boolTag = "[object Boolean]";
var dateTag = "[object Date]";
var errorTag = "[object Error]";
var funcTag2 = "[object Function]";
var mapTag = "[object Map]";
var numberTag = "[object Number]";
var objectTag = "[object Object]";
var regexpTag = "[object RegExp]";
var setTag = "[object Set]";
var stringTag = "[object String]";
var weakMapTag = "[object WeakMap]";
var arrayBufferTag = "[object ArrayBuffer]";
var dataViewTag = "[object DataView]";
var float32Tag = "[object Float32Array]";
var float64Tag = "[object Float64Array]";
var int8Tag = "[object Int8Array]";
var int16Tag = "[object Int16Array]";
var int32Tag = "[object Int32Array]";
var uint8Tag = "[object Uint8Array]";
var uint8ClampedTag = "[object Uint8ClampedArray]";
var uint16Tag = "[object Uint16Array]";
var uint32Tag = "[object Uint32Array]";
var typedArrayTags = {};
typedArrayTags[float32Tag] = typedArrayTags[float64Tag] = typedArrayTags[int8Tag] = typedArrayTags[int16Tag] = typedArrayTags[int32Tag] = typedArrayTags[uint8Tag] = typedArrayTags[uint8ClampedTag] = typedArrayTags[uint16Tag] = typedArrayTags[uint32Tag] = true;
typedArrayTags[argsTag2] = typedArrayTags[arrayTag] = typedArrayTags[arrayBufferTag] = typedArrayTags[boolTag] = typedArrayTags[dataViewTag] = typedArrayTags[dateTag] = typedArrayTags[errorTag] = typedArrayTags[funcTag2] = typedArrayTags[mapTag] = typedArrayTags[numberTag] = typedArrayTags[objectTag] = typedArrayTags[regexpTag] = typedArrayTags[setTag] = typedArrayTags[stringTag] = typedArrayTags[weakMapTag] = false;
function baseIsTypedArray(value) {
  return isObjectLike_default(value) && isLength_default(value.length) && !!typedArrayTags[baseGetTag_default(value)];
}
var baseIsTypedArray_default = baseIsTypedArray;

// node_modules/lodash-es/_baseUnary.js
function baseUnary(func) {
  return function(value) {
    return func(value);
  };
}
var baseUnary_default = baseUnary;

// node_modules/lodash-es/_nodeUtil.js
var freeExports2 = typeof exports == "object" && exports && !exports.nodeType && exports;
var freeModule2 = freeExports2 && typeof module == "object" && module && !module.nodeType && module;
var moduleExports2 = freeModule2 && freeModule2.exports === freeExports2;
var freeProcess = moduleExports2 && freeGlobal_default.process;
var nodeUtil = function() {
  try {
    var types = freeModule2 && freeModule2.require && freeModule2.require("util").types;
    if (types) {
      return types;
    }
    return freeProcess && freeProcess.binding && freeProcess.binding("util");
  } catch (e) {
  }
}();
var nodeUtil_default = nodeUtil;

// node_modules/lodash-es/isTypedArray.js
var nodeIsTypedArray = nodeUtil_default && nodeUtil_default.isTypedArray;
var isTypedArray = nodeIsTypedArray ? baseUnary_default(nodeIsTypedArray) : baseIsTypedArray_default;
var isTypedArray_default = isTypedArray;

// node_modules/lodash-es/_arrayLikeKeys.js
var objectProto6 = Object.prototype;
var hasOwnProperty4 = objectProto6.hasOwnProperty;
function arrayLikeKeys(value, inherited) {
  var isArr = isArray_default(value), isArg = !isArr && isArguments_default(value), isBuff = !isArr && !isArg && isBuffer_default(value), isType = !isArr && !isArg && !isBuff && isTypedArray_default(value), skipIndexes = isArr || isArg || isBuff || isType, result = skipIndexes ? baseTimes_default(value.length, String) : [], length = result.length;
  for (var key in value) {
    if ((inherited || hasOwnProperty4.call(value, key)) && !(skipIndexes && // Safari 9 has enumerable `arguments.length` in strict mode.
    (key == "length" || // Node.js 0.10 has enumerable non-index properties on buffers.
    isBuff && (key == "offset" || key == "parent") || // PhantomJS 2 has enumerable non-index properties on typed arrays.
    isType && (key == "buffer" || key == "byteLength" || key == "byteOffset") || // Skip index properties.
    isIndex_default(key, length)))) {
      result.push(key);
    }
  }
  return result;
}
var arrayLikeKeys_default = arrayLikeKeys;

// node_modules/lodash-es/_overArg.js
function overArg(func, transform) {
  return function(arg) {
    return func(transform(arg));
  };
}
var overArg_default = overArg;

// node_modules/lodash-es/_nativeKeys.js
var nativeKeys = overArg_default(Object.keys, Object);
var nativeKeys_default = nativeKeys;

// node_modules/lodash-es/_baseKeys.js
var objectProto7 = Object.prototype;
var hasOwnProperty5 = objectProto7.hasOwnProperty;
function baseKeys(object) {
  if (!isPrototype_default(object)) {
    return nativeKeys_default(object);
  }
  var result = [];
  for (var key in Object(object)) {
    if (hasOwnProperty5.call(object, key) && key != "constructor") {
      result.push(key);
    }
  }
  return result;
}
var baseKeys_default = baseKeys;

// node_modules/lodash-es/keys.js
function keys(object) {
  return isArrayLike_default(object) ? arrayLikeKeys_default(object) : baseKeys_default(object);
}
var keys_default = keys;

// node_modules/lodash-es/_isKey.js
var reIsDeepProp = /\.|\[(?:[^[\]]*|(["'])(?:(?!\1)[^\\]|\\.)*?\1)\]/;
var reIsPlainProp = /^\w*$/;
function isKey(value, object) {
  if (isArray_default(value)) {
    return false;
  }
  var type = typeof value;
  if (type == "number" || type == "symbol" || type == "boolean" || value == null || isSymbol_default(value)) {
    return true;
  }
  return reIsPlainProp.test(value) || !reIsDeepProp.test(value) || object != null && value in Object(object);
}
var isKey_default = isKey;

// node_modules/lodash-es/_nativeCreate.js
var nativeCreate = getNative_default(Object, "create");
var nativeCreate_default = nativeCreate;

// node_modules/lodash-es/_hashClear.js
function hashClear() {
  this.__data__ = nativeCreate_default ? nativeCreate_default(null) : {};
  this.size = 0;
}
var hashClear_default = hashClear;

// node_modules/lodash-es/_hashDelete.js
function hashDelete(key) {
  var result = this.has(key) && delete this.__data__[key];
  this.size -= result ? 1 : 0;
  return result;
}
var hashDelete_default = hashDelete;

// node_modules/lodash-es/_hashGet.js
var HASH_UNDEFINED = "__lodash_hash_undefined__";
var objectProto8 = Object.prototype;
var hasOwnProperty6 = objectProto8.hasOwnProperty;
function hashGet(key) {
  var data = this.__data__;
  if (nativeCreate_default) {
    var result = data[key];
    return result === HASH_UNDEFINED ? void 0 : result;
  }
  return hasOwnProperty6.call(data, key) ? data[key] : void 0;
}
var hashGet_default = hashGet;

// node_modules/lodash-es/_hashHas.js
var objectProto9 = Object.prototype;
var hasOwnProperty7 = objectProto9.hasOwnProperty;
function hashHas(key) {
  var data = this.__data__;
  return nativeCreate_default ? data[key] !== void 0 : hasOwnProperty7.call(data, key);
}
var hashHas_default = hashHas;

// node_modules/lodash-es/_hashSet.js
var HASH_UNDEFINED2 = "__lodash_hash_undefined__";
function hashSet(key, value) {
  var data = this.__data__;
  this.size += this.has(key) ? 0 : 1;
  data[key] = nativeCreate_default && value === void 0 ? HASH_UNDEFINED2 : value;
  return this;
}
var hashSet_default = hashSet;

// node_modules/lodash-es/_Hash.js
function Hash(entries) {
  var index = -1, length = entries == null ? 0 : entries.length;
  this.clear();
  while (++index < length) {
    var entry = entries[index];
    this.set(entry[0], entry[1]);
  }
}
Hash.prototype.clear = hashClear_default;
Hash.prototype["delete"] = hashDelete_default;
Hash.prototype.get = hashGet_default;
Hash.prototype.has = hashHas_default;
Hash.prototype.set = hashSet_default;
var Hash_default = Hash;

// node_modules/lodash-es/_listCacheClear.js
function listCacheClear() {
  this.__data__ = [];
  this.size = 0;
}
var listCacheClear_default = listCacheClear;

// node_modules/lodash-es/_assocIndexOf.js
function assocIndexOf(array, key) {
  var length = array.length;
  while (length--) {
    if (eq_default(array[length][0], key)) {
      return length;
    }
  }
  return -1;
}
var assocIndexOf_default = assocIndexOf;

// node_modules/lodash-es/_listCacheDelete.js
var arrayProto = Array.prototype;
var splice = arrayProto.splice;
function listCacheDelete(key) {
  var data = this.__data__, index = assocIndexOf_default(data, key);
  if (index < 0) {
    return false;
  }
  var lastIndex = data.length - 1;
  if (index == lastIndex) {
    data.pop();
  } else {
    splice.call(data, index, 1);
  }
  --this.size;
  return true;
}
var listCacheDelete_default = listCacheDelete;

// node_modules/lodash-es/_listCacheGet.js
function listCacheGet(key) {
  var data = this.__data__, index = assocIndexOf_default(data, key);
  return index < 0 ? void 0 : data[index][1];
}
var listCacheGet_default = listCacheGet;

// node_modules/lodash-es/_listCacheHas.js
function listCacheHas(key) {
  return assocIndexOf_default(this.__data__, key) > -1;
}
var listCacheHas_default = listCacheHas;

// node_modules/lodash-es/_listCacheSet.js
function listCacheSet(key, value) {
  var data = this.__data__, index = assocIndexOf_default(data, key);
  if (index < 0) {
    ++this.size;
    data.push([key, value]);
  } else {
    data[index][1] = value;
  }
  return this;
}
var listCacheSet_default = listCacheSet;

// node_modules/lodash-es/_ListCache.js
function ListCache(entries) {
  var index = -1, length = entries == null ? 0 : entries.length;
  this.clear();
  while (++index < length) {
    var entry = entries[index];
    this.set(entry[0], entry[1]);
  }
}
ListCache.prototype.clear = listCacheClear_default;
ListCache.prototype["delete"] = listCacheDelete_default;
ListCache.prototype.get = listCacheGet_default;
ListCache.prototype.has = listCacheHas_default;
ListCache.prototype.set = listCacheSet_default;
var ListCache_default = ListCache;

// node_modules/lodash-es/_Map.js
var Map = getNative_default(root_default, "Map");
var Map_default = Map;

// node_modules/lodash-es/_mapCacheClear.js
function mapCacheClear() {
  this.size = 0;
  this.__data__ = {
    "hash": new Hash_default(),
    "map": new (Map_default || ListCache_default)(),
    "string": new Hash_default()
  };
}
var mapCacheClear_default = mapCacheClear;

// node_modules/lodash-es/_isKeyable.js
function isKeyable(value) {
  var type = typeof value;
  return type == "string" || type == "number" || type == "symbol" || type == "boolean" ? value !== "__proto__" : value === null;
}
var isKeyable_default = isKeyable;

// node_modules/lodash-es/_getMapData.js
function getMapData(map, key) {
  var data = map.__data__;
  return isKeyable_default(key) ? data[typeof key == "string" ? "string" : "hash"] : data.map;
}
var getMapData_default = getMapData;

// node_modules/lodash-es/_mapCacheDelete.js
function mapCacheDelete(key) {
  var result = getMapData_default(this, key)["delete"](key);
  this.size -= result ? 1 : 0;
  return result;
}
var mapCacheDelete_default = mapCacheDelete;

// node_modules/lodash-es/_mapCacheGet.js
function mapCacheGet(key) {
  return getMapData_default(this, key).get(key);
}
var mapCacheGet_default = mapCacheGet;

// node_modules/lodash-es/_mapCacheHas.js
function mapCacheHas(key) {
  return getMapData_default(this, key).has(key);
}
var mapCacheHas_default = mapCacheHas;

// node_modules/lodash-es/_mapCacheSet.js
function mapCacheSet(key, value) {
  var data = getMapData_default(this, key), size = data.size;
  data.set(key, value);
  this.size += data.size == size ? 0 : 1;
  return this;
}
var mapCacheSet_default = mapCacheSet;

// node_modules/lodash-es/_MapCache.js
function MapCache(entries) {
  var index = -1, length = entries == null ? 0 : entries.length;
  this.clear();
  while (++index < length) {
    var entry = entries[index];
    this.set(entry[0], entry[1]);
  }
}
MapCache.prototype.clear = mapCacheClear_default;
MapCache.prototype["delete"] = mapCacheDelete_default;
MapCache.prototype.get = mapCacheGet_default;
MapCache.prototype.has = mapCacheHas_default;
MapCache.prototype.set = mapCacheSet_default;
var MapCache_default = MapCache;

// node_modules/lodash-es/memoize.js
var FUNC_ERROR_TEXT = "Expected a function";
function memoize(func, resolver) {
  if (typeof func != "function" || resolver != null && typeof resolver != "function") {
    throw new TypeError(FUNC_ERROR_TEXT);
  }
  var memoized = function() {
    var args = arguments, key = resolver ? resolver.apply(this, args) : args[0], cache = memoized.cache;
    if (cache.has(key)) {
      return cache.get(key);
    }
    var result = func.apply(this, args);
    memoized.cache = cache.set(key, result) || cache;
    return result;
  };
  memoized.cache = new (memoize.Cache || MapCache_default)();
  return memoized;
}
memoize.Cache = MapCache_default;
var memoize_default = memoize;

// node_modules/lodash-es/_memoizeCapped.js
var MAX_MEMOIZE_SIZE = 500;
function memoizeCapped(func) {
  var result = memoize_default(func, function(key) {
    if (cache.size === MAX_MEMOIZE_SIZE) {
      cache.clear();
    }
    return key;
  });
  var cache = result.cache;
  return result;
}
var memoizeCapped_default = memoizeCapped;

// node_modules/lodash-es/_stringToPath.js
var rePropName = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
var reEscapeChar = /\\(\\)?/g;
var stringToPath = memoizeCapped_default(function(string) {
  var result = [];
  if (string.charCodeAt(0) === 46) {
    result.push("");
  }
  string.replace(rePropName, function(match, number, quote, subString) {
    result.push(quote ? subString.replace(reEscapeChar, "$1") : number || match);
  });
  return result;
});
var stringToPath_default = stringToPath;

// node_modules/lodash-es/toString.js
function toString(value) {
  return value == null ? "" : baseToString_default(value);
}
var toString_default = toString;

// node_modules/lodash-es/_castPath.js
function castPath(value, object) {
  if (isArray_default(value)) {
    return value;
  }
  return isKey_default(value, object) ? [value] : stringToPath_default(toString_default(value));
}
var castPath_default = castPath;

// node_modules/lodash-es/_toKey.js
var INFINITY2 = 1 / 0;
function toKey(value) {
  if (typeof value == "string" || isSymbol_default(value)) {
    return value;
  }
  var result = value + "";
  return result == "0" && 1 / value == -INFINITY2 ? "-0" : result;
}
var toKey_default = toKey;

// node_modules/lodash-es/_baseGet.js
function baseGet(object, path) {
  path = castPath_default(path, object);
  var index = 0, length = path.length;
  while (object != null && index < length) {
    object = object[toKey_default(path[index++])];
  }
  return index && index == length ? object : void 0;
}
var baseGet_default = baseGet;

// node_modules/lodash-es/get.js
function get(object, path, defaultValue) {
  var result = object == null ? void 0 : baseGet_default(object, path);
  return result === void 0 ? defaultValue : result;
}
var get_default = get;

// node_modules/lodash-es/_arrayPush.js
function arrayPush(array, values) {
  var index = -1, length = values.length, offset = array.length;
  while (++index < length) {
    array[offset + index] = values[index];
  }
  return array;
}
var arrayPush_default = arrayPush;

// node_modules/lodash-es/_isFlattenable.js
var spreadableSymbol = Symbol_default ? Symbol_default.isConcatSpreadable : void 0;
function isFlattenable(value) {
  return isArray_default(value) || isArguments_default(value) || !!(spreadableSymbol && value && value[spreadableSymbol]);
}
var isFlattenable_default = isFlattenable;

// node_modules/lodash-es/_baseFlatten.js
function baseFlatten(array, depth, predicate, isStrict, result) {
  var index = -1, length = array.length;
  predicate || (predicate = isFlattenable_default);
  result || (result = []);
  while (++index < length) {
    var value = array[index];
    if (depth > 0 && predicate(value)) {
      if (depth > 1) {
        baseFlatten(value, depth - 1, predicate, isStrict, result);
      } else {
        arrayPush_default(result, value);
      }
    } else if (!isStrict) {
      result[result.length] = value;
    }
  }
  return result;
}
var baseFlatten_default = baseFlatten;

// node_modules/lodash-es/_stackClear.js
function stackClear() {
  this.__data__ = new ListCache_default();
  this.size = 0;
}
var stackClear_default = stackClear;

// node_modules/lodash-es/_stackDelete.js
function stackDelete(key) {
  var data = this.__data__, result = data["delete"](key);
  this.size = data.size;
  return result;
}
var stackDelete_default = stackDelete;

// node_modules/lodash-es/_stackGet.js
function stackGet(key) {
  return this.__data__.get(key);
}
var stackGet_default = stackGet;

// node_modules/lodash-es/_stackHas.js
function stackHas(key) {
  return this.__data__.has(key);
}
var stackHas_default = stackHas;

// node_modules/lodash-es/_stackSet.js
var LARGE_ARRAY_SIZE = 200;
function stackSet(key, value) {
  var data = this.__data__;
  if (data instanceof ListCache_default) {
    var pairs = data.__data__;
    if (!Map_default || pairs.length < LARGE_ARRAY_SIZE - 1) {
      pairs.push([key, value]);
      this.size = ++data.size;
      return this;
    }
    data = this.__data__ = new MapCache_default(pairs);
  }
  data.set(key, value);
  this.size = data.size;
  return this;
}
var stackSet_default = stackSet;

// node_modules/lodash-es/_Stack.js
function Stack(entries) {
  var data = this.__data__ = new ListCache_default(entries);
  this.size = data.size;
}
Stack.prototype.clear = stackClear_default;
Stack.prototype["delete"] = stackDelete_default;
Stack.prototype.get = stackGet_default;
Stack.prototype.has = stackHas_default;
Stack.prototype.set = stackSet_default;
var Stack_default = Stack;

// node_modules/lodash-es/_arrayFilter.js
function arrayFilter(array, predicate) {
  var index = -1, length = array == null ? 0 : array.length, resIndex = 0, result = [];
  while (++index < length) {
    var value = array[index];
    if (predicate(value, index, array)) {
      result[resIndex++] = value;
    }
  }
  return result;
}
var arrayFilter_default = arrayFilter;

// node_modules/lodash-es/stubArray.js
function stubArray() {
  return [];
}
var stubArray_default = stubArray;

// node_modules/lodash-es/_getSymbols.js
var objectProto10 = Object.prototype;
var propertyIsEnumerable2 = objectProto10.propertyIsEnumerable;
var nativeGetSymbols = Object.getOwnPropertySymbols;
var getSymbols = !nativeGetSymbols ? stubArray_default : function(object) {
  if (object == null) {
    return [];
  }
  object = Object(object);
  return arrayFilter_default(nativeGetSymbols(object), function(symbol) {
    return propertyIsEnumerable2.call(object, symbol);
  });
};
var getSymbols_default = getSymbols;

// node_modules/lodash-es/_baseGetAllKeys.js
function baseGetAllKeys(object, keysFunc, symbolsFunc) {
  var result = keysFunc(object);
  return isArray_default(object) ? result : arrayPush_default(result, symbolsFunc(object));
}
var baseGetAllKeys_default = baseGetAllKeys;

// node_modules/lodash-es/_getAllKeys.js
function getAllKeys(object) {
  return baseGetAllKeys_default(object, keys_default, getSymbols_default);
}
var getAllKeys_default = getAllKeys;

// node_modules/lodash-es/_DataView.js
var DataView = getNative_default(root_default, "DataView");
var DataView_default = DataView;

// node_modules/lodash-es/_Promise.js
var Promise2 = getNative_default(root_default, "Promise");
var Promise_default = Promise2;

// node_modules/lodash-es/_Set.js
var Set = getNative_default(root_default, "Set");
var Set_default = Set;

// node_modules/lodash-es/_getTag.js
var mapTag2 = "[object Map]";
var objectTag2 = "[object Object]";
var promiseTag = "[object Promise]";
var setTag2 = "[object Set]";
var weakMapTag2 = "[object WeakMap]";
var dataViewTag2 = "[object DataView]";
var dataViewCtorString = toSource_default(DataView_default);
var mapCtorString = toSource_default(Map_default);
var promiseCtorString = toSource_default(Promise_default);
var setCtorString = toSource_default(Set_default);
var weakMapCtorString = toSource_default(WeakMap_default);
var getTag = baseGetTag_default;
if (DataView_default && getTag(new DataView_default(new ArrayBuffer(1))) != dataViewTag2 || Map_default && getTag(new Map_default()) != mapTag2 || Promise_default && getTag(Promise_default.resolve()) != promiseTag || Set_default && getTag(new Set_default()) != setTag2 || WeakMap_default && getTag(new WeakMap_default()) != weakMapTag2) {
  getTag = function(value) {
    var result = baseGetTag_default(value), Ctor = result == objectTag2 ? value.constructor : void 0, ctorString = Ctor ? toSource_default(Ctor) : "";
    if (ctorString) {
      switch (ctorString) {
        case dataViewCtorString:
          return dataViewTag2;
        case mapCtorString:
          return mapTag2;
        case promiseCtorString:
          return promiseTag;
        case setCtorString:
          return setTag2;
        case weakMapCtorString:
          return weakMapTag2;
      }
    }
    return result;
  };
}
var getTag_default = getTag;

// node_modules/lodash-es/_Uint8Array.js
var Uint8Array = root_default.Uint8Array;
var Uint8Array_default = Uint8Array;

// node_modules/lodash-es/_setCacheAdd.js
var HASH_UNDEFINED3 = "__lodash_hash_undefined__";
function setCacheAdd(value) {
  this.__data__.set(value, HASH_UNDEFINED3);
  return this;
}
var setCacheAdd_default = setCacheAdd;

// node_modules/lodash-es/_setCacheHas.js
function setCacheHas(value) {
  return this.__data__.has(value);
}
var setCacheHas_default = setCacheHas;

// node_modules/lodash-es/_SetCache.js
function SetCache(values) {
  var index = -1, length = values == null ? 0 : values.length;
  this.__data__ = new MapCache_default();
  while (++index < length) {
    this.add(values[index]);
  }
}
SetCache.prototype.add = SetCache.prototype.push = setCacheAdd_default;
SetCache.prototype.has = setCacheHas_default;
var SetCache_default = SetCache;

// node_modules/lodash-es/_arraySome.js
function arraySome(array, predicate) {
  var index = -1, length = array == null ? 0 : array.length;
  while (++index < length) {
    if (predicate(array[index], index, array)) {
      return true;
    }
  }
  return false;
}
var arraySome_default = arraySome;

// node_modules/lodash-es/_cacheHas.js
function cacheHas(cache, key) {
  return cache.has(key);
}
var cacheHas_default = cacheHas;

// node_modules/lodash-es/_equalArrays.js
var COMPARE_PARTIAL_FLAG = 1;
var COMPARE_UNORDERED_FLAG = 2;
function equalArrays(array, other, bitmask, customizer, equalFunc, stack) {
  var isPartial = bitmask & COMPARE_PARTIAL_FLAG, arrLength = array.length, othLength = other.length;
  if (arrLength != othLength && !(isPartial && othLength > arrLength)) {
    return false;
  }
  var arrStacked = stack.get(array);
  var othStacked = stack.get(other);
  if (arrStacked && othStacked) {
    return arrStacked == other && othStacked == array;
  }
  var index = -1, result = true, seen = bitmask & COMPARE_UNORDERED_FLAG ? new SetCache_default() : void 0;
  stack.set(array, other);
  stack.set(other, array);
  while (++index < arrLength) {
    var arrValue = array[index], othValue = other[index];
    if (customizer) {
      var compared = isPartial ? customizer(othValue, arrValue, index, other, array, stack) : customizer(arrValue, othValue, index, array, other, stack);
    }
    if (compared !== void 0) {
      if (compared) {
        continue;
      }
      result = false;
      break;
    }
    if (seen) {
      if (!arraySome_default(other, function(othValue2, othIndex) {
        if (!cacheHas_default(seen, othIndex) && (arrValue === othValue2 || equalFunc(arrValue, othValue2, bitmask, customizer, stack))) {
          return seen.push(othIndex);
        }
      })) {
        result = false;
        break;
      }
    } else if (!(arrValue === othValue || equalFunc(arrValue, othValue, bitmask, customizer, stack))) {
      result = false;
      break;
    }
  }
  stack["delete"](array);
  stack["delete"](other);
  return result;
}
var equalArrays_default = equalArrays;

// node_modules/lodash-es/_mapToArray.js
function mapToArray(map) {
  var index = -1, result = Array(map.size);
  map.forEach(function(value, key) {
    result[++index] = [key, value];
  });
  return result;
}
var mapToArray_default = mapToArray;

// node_modules/lodash-es/_setToArray.js
function setToArray(set) {
  var index = -1, result = Array(set.size);
  set.forEach(function(value) {
    result[++index] = value;
  });
  return result;
}
var setToArray_default = setToArray;

// node_modules/lodash-es/_equalByTag.js
var COMPARE_PARTIAL_FLAG2 = 1;
var COMPARE_UNORDERED_FLAG2 = 2;
var boolTag2 = "[object Boolean]";
var dateTag2 = "[object Date]";
var errorTag2 = "[object Error]";
var mapTag3 = "[object Map]";
var numberTag2 = "[object Number]";
var regexpTag2 = "[object RegExp]";
var setTag3 = "[object Set]";
var stringTag2 = "[object String]";
var symbolTag2 = "[object Symbol]";
var arrayBufferTag2 = "[object ArrayBuffer]";
var dataViewTag3 = "[object DataView]";
var symbolProto2 = Symbol_default ? Symbol_default.prototype : void 0;
var symbolValueOf = symbolProto2 ? symbolProto2.valueOf : void 0;
function equalByTag(object, other, tag, bitmask, customizer, equalFunc, stack) {
  switch (tag) {
    case dataViewTag3:
      if (object.byteLength != other.byteLength || object.byteOffset != other.byteOffset) {
        return false;
      }
      object = object.buffer;
      other = other.buffer;
    case arrayBufferTag2:
      if (object.byteLength != other.byteLength || !equalFunc(new Uint8Array_default(object), new Uint8Array_default(other))) {
        return false;
      }
      return true;
    case boolTag2:
    case dateTag2:
    case numberTag2:
      return eq_default(+object, +other);
    case errorTag2:
      return object.name == other.name && object.message == other.message;
    case regexpTag2:
    case stringTag2:
      return object == other + "";
    case mapTag3:
      var convert = mapToArray_default;
    case setTag3:
      var isPartial = bitmask & COMPARE_PARTIAL_FLAG2;
      convert || (convert = setToArray_default);
      if (object.size != other.size && !isPartial) {
        return false;
      }
      var stacked = stack.get(object);
      if (stacked) {
        return stacked == other;
      }
      bitmask |= COMPARE_UNORDERED_FLAG2;
      stack.set(object, other);
      var result = equalArrays_default(convert(object), convert(other), bitmask, customizer, equalFunc, stack);
      stack["delete"](object);
      return result;
    case symbolTag2:
      if (symbolValueOf) {
        return symbolValueOf.call(object) == symbolValueOf.call(other);
      }
  }
  return false;
}
var equalByTag_default = equalByTag;

// node_modules/lodash-es/_equalObjects.js
var COMPARE_PARTIAL_FLAG3 = 1;
var objectProto11 = Object.prototype;
var hasOwnProperty8 = objectProto11.hasOwnProperty;
function equalObjects(object, other, bitmask, customizer, equalFunc, stack) {
  var isPartial = bitmask & COMPARE_PARTIAL_FLAG3, objProps = getAllKeys_default(object), objLength = objProps.length, othProps = getAllKeys_default(other), othLength = othProps.length;
  if (objLength != othLength && !isPartial) {
    return false;
  }
  var index = objLength;
  while (index--) {
    var key = objProps[index];
    if (!(isPartial ? key in other : hasOwnProperty8.call(other, key))) {
      return false;
    }
  }
  var objStacked = stack.get(object);
  var othStacked = stack.get(other);
  if (objStacked && othStacked) {
    return objStacked == other && othStacked == object;
  }
  var result = true;
  stack.set(object, other);
  stack.set(other, object);
  var skipCtor = isPartial;
  while (++index < objLength) {
    key = objProps[index];
    var objValue = object[key], othValue = other[key];
    if (customizer) {
      var compared = isPartial ? customizer(othValue, objValue, key, other, object, stack) : customizer(objValue, othValue, key, object, other, stack);
    }
    if (!(compared === void 0 ? objValue === othValue || equalFunc(objValue, othValue, bitmask, customizer, stack) : compared)) {
      result = false;
      break;
    }
    skipCtor || (skipCtor = key == "constructor");
  }
  if (result && !skipCtor) {
    var objCtor = object.constructor, othCtor = other.constructor;
    if (objCtor != othCtor && ("constructor" in object && "constructor" in other) && !(typeof objCtor == "function" && objCtor instanceof objCtor && typeof othCtor == "function" && othCtor instanceof othCtor)) {
      result = false;
    }
  }
  stack["delete"](object);
  stack["delete"](other);
  return result;
}
var equalObjects_default = equalObjects;

// node_modules/lodash-es/_baseIsEqualDeep.js
var COMPARE_PARTIAL_FLAG4 = 1;
var argsTag3 = "[object Arguments]";
var arrayTag2 = "[object Array]";
var objectTag3 = "[object Object]";
var objectProto12 = Object.prototype;
var hasOwnProperty9 = objectProto12.hasOwnProperty;
function baseIsEqualDeep(object, other, bitmask, customizer, equalFunc, stack) {
  var objIsArr = isArray_default(object), othIsArr = isArray_default(other), objTag = objIsArr ? arrayTag2 : getTag_default(object), othTag = othIsArr ? arrayTag2 : getTag_default(other);
  objTag = objTag == argsTag3 ? objectTag3 : objTag;
  othTag = othTag == argsTag3 ? objectTag3 : othTag;
  var objIsObj = objTag == objectTag3, othIsObj = othTag == objectTag3, isSameTag = objTag == othTag;
  if (isSameTag && isBuffer_default(object)) {
    if (!isBuffer_default(other)) {
      return false;
    }
    objIsArr = true;
    objIsObj = false;
  }
  if (isSameTag && !objIsObj) {
    stack || (stack = new Stack_default());
    return objIsArr || isTypedArray_default(object) ? equalArrays_default(object, other, bitmask, customizer, equalFunc, stack) : equalByTag_default(object, other, objTag, bitmask, customizer, equalFunc, stack);
  }
  if (!(bitmask & COMPARE_PARTIAL_FLAG4)) {
    var objIsWrapped = objIsObj && hasOwnProperty9.call(object, "__wrapped__"), othIsWrapped = othIsObj && hasOwnProperty9.call(other, "__wrapped__");
    if (objIsWrapped || othIsWrapped) {
      var objUnwrapped = objIsWrapped ? object.value() : object, othUnwrapped = othIsWrapped ? other.value() : other;
      stack || (stack = new Stack_default());
      return equalFunc(objUnwrapped, othUnwrapped, bitmask, customizer, stack);
    }
  }
  if (!isSameTag) {
    return false;
  }
  stack || (stack = new Stack_default());
  return equalObjects_default(object, other, bitmask, customizer, equalFunc, stack);
}
var baseIsEqualDeep_default = baseIsEqualDeep;

// node_modules/lodash-es/_baseIsEqual.js
function baseIsEqual(value, other, bitmask, customizer, stack) {
  if (value === other) {
    return true;
  }
  if (value == null || other == null || !isObjectLike_default(value) && !isObjectLike_default(other)) {
    return value !== value && other !== other;
  }
  return baseIsEqualDeep_default(value, other, bitmask, customizer, baseIsEqual, stack);
}
var baseIsEqual_default = baseIsEqual;

// node_modules/lodash-es/_baseIsMatch.js
var COMPARE_PARTIAL_FLAG5 = 1;
var COMPARE_UNORDERED_FLAG3 = 2;
function baseIsMatch(object, source, matchData, customizer) {
  var index = matchData.length, length = index, noCustomizer = !customizer;
  if (object == null) {
    return !length;
  }
  object = Object(object);
  while (index--) {
    var data = matchData[index];
    if (noCustomizer && data[2] ? data[1] !== object[data[0]] : !(data[0] in object)) {
      return false;
    }
  }
  while (++index < length) {
    data = matchData[index];
    var key = data[0], objValue = object[key], srcValue = data[1];
    if (noCustomizer && data[2]) {
      if (objValue === void 0 && !(key in object)) {
        return false;
      }
    } else {
      var stack = new Stack_default();
      if (customizer) {
        var result = customizer(objValue, srcValue, key, object, source, stack);
      }
      if (!(result === void 0 ? baseIsEqual_default(srcValue, objValue, COMPARE_PARTIAL_FLAG5 | COMPARE_UNORDERED_FLAG3, customizer, stack) : result)) {
        return false;
      }
    }
  }
  return true;
}
var baseIsMatch_default = baseIsMatch;

// node_modules/lodash-es/_isStrictComparable.js
function isStrictComparable(value) {
  return value === value && !isObject_default(value);
}
var isStrictComparable_default = isStrictComparable;

// node_modules/lodash-es/_getMatchData.js
function getMatchData(object) {
  var result = keys_default(object), length = result.length;
  while (length--) {
    var key = result[length], value = object[key];
    result[length] = [key, value, isStrictComparable_default(value)];
  }
  return result;
}
var getMatchData_default = getMatchData;

// node_modules/lodash-es/_matchesStrictComparable.js
function matchesStrictComparable(key, srcValue) {
  return function(object) {
    if (object == null) {
      return false;
    }
    return object[key] === srcValue && (srcValue !== void 0 || key in Object(object));
  };
}
var matchesStrictComparable_default = matchesStrictComparable;

// node_modules/lodash-es/_baseMatches.js
function baseMatches(source) {
  var matchData = getMatchData_default(source);
  if (matchData.length == 1 && matchData[0][2]) {
    return matchesStrictComparable_default(matchData[0][0], matchData[0][1]);
  }
  return function(object) {
    return object === source || baseIsMatch_default(object, source, matchData);
  };
}
var baseMatches_default = baseMatches;

// node_modules/lodash-es/_baseHasIn.js
function baseHasIn(object, key) {
  return object != null && key in Object(object);
}
var baseHasIn_default = baseHasIn;

// node_modules/lodash-es/_hasPath.js
function hasPath(object, path, hasFunc) {
  path = castPath_default(path, object);
  var index = -1, length = path.length, result = false;
  while (++index < length) {
    var key = toKey_default(path[index]);
    if (!(result = object != null && hasFunc(object, key))) {
      break;
    }
    object = object[key];
  }
  if (result || ++index != length) {
    return result;
  }
  length = object == null ? 0 : object.length;
  return !!length && isLength_default(length) && isIndex_default(key, length) && (isArray_default(object) || isArguments_default(object));
}
var hasPath_default = hasPath;

// node_modules/lodash-es/hasIn.js
function hasIn(object, path) {
  return object != null && hasPath_default(object, path, baseHasIn_default);
}
var hasIn_default = hasIn;

// node_modules/lodash-es/_baseMatchesProperty.js
var COMPARE_PARTIAL_FLAG6 = 1;
var COMPARE_UNORDERED_FLAG4 = 2;
function baseMatchesProperty(path, srcValue) {
  if (isKey_default(path) && isStrictComparable_default(srcValue)) {
    return matchesStrictComparable_default(toKey_default(path), srcValue);
  }
  return function(object) {
    var objValue = get_default(object, path);
    return objValue === void 0 && objValue === srcValue ? hasIn_default(object, path) : baseIsEqual_default(srcValue, objValue, COMPARE_PARTIAL_FLAG6 | COMPARE_UNORDERED_FLAG4);
  };
}
var baseMatchesProperty_default = baseMatchesProperty;

// node_modules/lodash-es/_baseProperty.js
function baseProperty(key) {
  return function(object) {
    return object == null ? void 0 : object[key];
  };
}
var baseProperty_default = baseProperty;

// node_modules/lodash-es/_basePropertyDeep.js
function basePropertyDeep(path) {
  return function(object) {
    return baseGet_default(object, path);
  };
}
var basePropertyDeep_default = basePropertyDeep;

// node_modules/lodash-es/property.js
function property(path) {
  return isKey_default(path) ? baseProperty_default(toKey_default(path)) : basePropertyDeep_default(path);
}
var property_default = property;

// node_modules/lodash-es/_baseIteratee.js
function baseIteratee(value) {
  if (typeof value == "function") {
    return value;
  }
  if (value == null) {
    return identity_default;
  }
  if (typeof value == "object") {
    return isArray_default(value) ? baseMatchesProperty_default(value[0], value[1]) : baseMatches_default(value);
  }
  return property_default(value);
}
var baseIteratee_default = baseIteratee;

// node_modules/lodash-es/_arrayAggregator.js
function arrayAggregator(array, setter, iteratee, accumulator) {
  var index = -1, length = array == null ? 0 : array.length;
  while (++index < length) {
    var value = array[index];
    setter(accumulator, value, iteratee(value), array);
  }
  return accumulator;
}
var arrayAggregator_default = arrayAggregator;

// node_modules/lodash-es/_createBaseFor.js
function createBaseFor(fromRight) {
  return function(object, iteratee, keysFunc) {
    var index = -1, iterable = Object(object), props = keysFunc(object), length = props.length;
    while (length--) {
      var key = props[fromRight ? length : ++index];
      if (iteratee(iterable[key], key, iterable) === false) {
        break;
      }
    }
    return object;
  };
}
var createBaseFor_default = createBaseFor;

// node_modules/lodash-es/_baseFor.js
var baseFor = createBaseFor_default();
var baseFor_default = baseFor;

// node_modules/lodash-es/_baseForOwn.js
function baseForOwn(object, iteratee) {
  return object && baseFor_default(object, iteratee, keys_default);
}
var baseForOwn_default = baseForOwn;

// node_modules/lodash-es/_createBaseEach.js
function createBaseEach(eachFunc, fromRight) {
  return function(collection, iteratee) {
    if (collection == null) {
      return collection;
    }
    if (!isArrayLike_default(collection)) {
      return eachFunc(collection, iteratee);
    }
    var length = collection.length, index = fromRight ? length : -1, iterable = Object(collection);
    while (fromRight ? index-- : ++index < length) {
      if (iteratee(iterable[index], index, iterable) === false) {
        break;
      }
    }
    return collection;
  };
}
var createBaseEach_default = createBaseEach;

// node_modules/lodash-es/_baseEach.js
var baseEach = createBaseEach_default(baseForOwn_default);
var baseEach_default = baseEach;

// node_modules/lodash-es/_baseAggregator.js
function baseAggregator(collection, setter, iteratee, accumulator) {
  baseEach_default(collection, function(value, key, collection2) {
    setter(accumulator, value, iteratee(value), collection2);
  });
  return accumulator;
}
var baseAggregator_default = baseAggregator;

// node_modules/lodash-es/_createAggregator.js
function createAggregator(setter, initializer) {
  return function(collection, iteratee) {
    var func = isArray_default(collection) ? arrayAggregator_default : baseAggregator_default, accumulator = initializer ? initializer() : {};
    return func(collection, setter, baseIteratee_default(iteratee, 2), accumulator);
  };
}
var createAggregator_default = createAggregator;

// node_modules/lodash-es/_baseMap.js
function baseMap(collection, iteratee) {
  var index = -1, result = isArrayLike_default(collection) ? Array(collection.length) : [];
  baseEach_default(collection, function(value, key, collection2) {
    result[++index] = iteratee(value, key, collection2);
  });
  return result;
}
var baseMap_default = baseMap;

// node_modules/lodash-es/groupBy.js
var objectProto13 = Object.prototype;
var hasOwnProperty10 = objectProto13.hasOwnProperty;
var groupBy = createAggregator_default(function(result, value, key) {
  if (hasOwnProperty10.call(result, key)) {
    result[key].push(value);
  } else {
    baseAssignValue_default(result, key, [value]);
  }
});
var groupBy_default = groupBy;

// node_modules/lodash-es/_baseSum.js
function baseSum(array, iteratee) {
  var result, index = -1, length = array.length;
  while (++index < length) {
    var current = iteratee(array[index]);
    if (current !== void 0) {
      result = result === void 0 ? current : result + current;
    }
  }
  return result;
}
var baseSum_default = baseSum;

// node_modules/lodash-es/_baseSortBy.js
function baseSortBy(array, comparer) {
  var length = array.length;
  array.sort(comparer);
  while (length--) {
    array[length] = array[length].value;
  }
  return array;
}
var baseSortBy_default = baseSortBy;

// node_modules/lodash-es/_compareAscending.js
function compareAscending(value, other) {
  if (value !== other) {
    var valIsDefined = value !== void 0, valIsNull = value === null, valIsReflexive = value === value, valIsSymbol = isSymbol_default(value);
    var othIsDefined = other !== void 0, othIsNull = other === null, othIsReflexive = other === other, othIsSymbol = isSymbol_default(other);
    if (!othIsNull && !othIsSymbol && !valIsSymbol && value > other || valIsSymbol && othIsDefined && othIsReflexive && !othIsNull && !othIsSymbol || valIsNull && othIsDefined && othIsReflexive || !valIsDefined && othIsReflexive || !valIsReflexive) {
      return 1;
    }
    if (!valIsNull && !valIsSymbol && !othIsSymbol && value < other || othIsSymbol && valIsDefined && valIsReflexive && !valIsNull && !valIsSymbol || othIsNull && valIsDefined && valIsReflexive || !othIsDefined && valIsReflexive || !othIsReflexive) {
      return -1;
    }
  }
  return 0;
}
var compareAscending_default = compareAscending;

// node_modules/lodash-es/_compareMultiple.js
function compareMultiple(object, other, orders) {
  var index = -1, objCriteria = object.criteria, othCriteria = other.criteria, length = objCriteria.length, ordersLength = orders.length;
  while (++index < length) {
    var result = compareAscending_default(objCriteria[index], othCriteria[index]);
    if (result) {
      if (index >= ordersLength) {
        return result;
      }
      var order = orders[index];
      return result * (order == "desc" ? -1 : 1);
    }
  }
  return object.index - other.index;
}
var compareMultiple_default = compareMultiple;

// node_modules/lodash-es/_baseOrderBy.js
function baseOrderBy(collection, iteratees, orders) {
  if (iteratees.length) {
    iteratees = arrayMap_default(iteratees, function(iteratee) {
      if (isArray_default(iteratee)) {
        return function(value) {
          return baseGet_default(value, iteratee.length === 1 ? iteratee[0] : iteratee);
        };
      }
      return iteratee;
    });
  } else {
    iteratees = [identity_default];
  }
  var index = -1;
  iteratees = arrayMap_default(iteratees, baseUnary_default(baseIteratee_default));
  var result = baseMap_default(collection, function(value, key, collection2) {
    var criteria = arrayMap_default(iteratees, function(iteratee) {
      return iteratee(value);
    });
    return { "criteria": criteria, "index": ++index, "value": value };
  });
  return baseSortBy_default(result, function(object, other) {
    return compareMultiple_default(object, other, orders);
  });
}
var baseOrderBy_default = baseOrderBy;

// node_modules/lodash-es/sortBy.js
var sortBy = baseRest_default(function(collection, iteratees) {
  if (collection == null) {
    return [];
  }
  var length = iteratees.length;
  if (length > 1 && isIterateeCall_default(collection, iteratees[0], iteratees[1])) {
    iteratees = [];
  } else if (length > 2 && isIterateeCall_default(iteratees[0], iteratees[1], iteratees[2])) {
    iteratees = [iteratees[0]];
  }
  return baseOrderBy_default(collection, baseFlatten_default(iteratees, 1), []);
});
var sortBy_default = sortBy;

// node_modules/lodash-es/sumBy.js
function sumBy(array, iteratee) {
  return array && array.length ? baseSum_default(array, baseIteratee_default(iteratee, 2)) : 0;
}
var sumBy_default = sumBy;

// app/src/orders/pricing.ts
var tiers = [
  { min: 100, percent: 12 },
  { min: 50, percent: 8 },
  { min: 10, percent: 3 }
];
function discountFor(line) {
  let cents = 0;
  for (let k = 0; k < 40; k++) {
    for (const t of tiers) {
      if (line.quantity + k >= t.min) {
        cents += Math.floor(line.unitCents * t.percent / 100);
        break;
      }
    }
  }
  return Math.floor(cents / 40);
}
function taxCents(subtotal, region) {
  let rate = 0;
  for (let i = 0; i < region.length * 50; i++) rate += region.charCodeAt(i % region.length) % 7;
  return Math.round(subtotal * (rate % 20) / 100);
}

// app/src/orders/checkout.ts
function computeTotals(order) {
  const subtotal = sumBy_default(order.lines, (l) => l.quantity * l.unitCents - discountFor(l));
  const tax = taxCents(subtotal, order.customer);
  return { subtotal, tax, total: subtotal + tax };
}
function checkoutAll(orders) {
  let grand = 0;
  for (const o of orders) grand += computeTotals(o).total;
  return grand;
}

// app/src/util/text.ts
function slugify(text) {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 97 && c <= 122 || c >= 48 && c <= 57) out += text[i];
    else if (c >= 65 && c <= 90) out += String.fromCharCode(c + 32);
    else if (!out.endsWith("-")) out += "-";
  }
  return out;
}
function checksum(text) {
  let h = 2166136261;
  for (let round = 0; round < 8; round++) {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
  }
  return h;
}

// app/src/report.ts
function summarize(orders) {
  const byCustomer = groupBy_default(orders, (o) => slugify(o.customer));
  const names = sortBy_default(Object.keys(byCustomer), (k) => checksum(k));
  let text = "";
  for (const n of names) text += n + ":" + byCustomer[n].length + "\n";
  return text;
}

// app/src/util/rng.ts
var Rng = class {
  constructor(seed) {
    this.state = seed >>> 0;
  }
  nextInt(limit) {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state % limit;
  }
};

// app/src/main.ts
var customers = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra"];
function makeOrders(rng, count) {
  const orders = [];
  for (let id = 0; id < count; id++) {
    const lines = [];
    const n = 1 + rng.nextInt(6);
    for (let j = 0; j < n; j++)
      lines.push({ sku: "sku-" + rng.nextInt(500), quantity: 1 + rng.nextInt(120), unitCents: 99 + rng.nextInt(9900) });
    orders.push({ id, customer: customers[rng.nextInt(customers.length)] + " " + id % 37, lines });
  }
  return orders;
}
function run(rounds) {
  const rng = new Rng(20);
  let total = 0;
  let digest = 0;
  for (let r = 0; r < rounds; r++) {
    const orders = makeOrders(rng, 400);
    total += checkoutAll(orders);
    digest += summarize(orders).length;
  }
  console.log(`total ${total} digest ${digest}`);
}
run(Number(process.argv[2] ?? 60));
/*! Bundled license information:

lodash-es/lodash.js:
  (**
   * @license
   * Lodash (Custom Build) <https://lodash.com/>
   * Build: `lodash modularize exports="es" -o ./`
   * Copyright OpenJS Foundation and other contributors <https://openjsf.org/>
   * Released under MIT license <https://lodash.com/license>
   * Based on Underscore.js 1.8.3 <http://underscorejs.org/LICENSE>
   * Copyright Jeremy Ashkenas, DocumentCloud and Investigative Reporters & Editors
   *)
*/
//# sourceMappingURL=data:application/json;base64,ewogICJ2ZXJzaW9uIjogMywKICAic291cmNlcyI6IFsiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fZnJlZUdsb2JhbC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19yb290LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX1N5bWJvbC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19nZXRSYXdUYWcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fb2JqZWN0VG9TdHJpbmcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUdldFRhZy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2lzT2JqZWN0TGlrZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2lzU3ltYm9sLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2FycmF5TWFwLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvaXNBcnJheS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlVG9TdHJpbmcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9pc09iamVjdC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2lkZW50aXR5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvaXNGdW5jdGlvbi5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19jb3JlSnNEYXRhLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2lzTWFza2VkLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX3RvU291cmNlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VJc05hdGl2ZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19nZXRWYWx1ZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19nZXROYXRpdmUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fV2Vha01hcC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19hcHBseS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zaG9ydE91dC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2NvbnN0YW50LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2RlZmluZVByb3BlcnR5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VTZXRUb1N0cmluZy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zZXRUb1N0cmluZy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19pc0luZGV4LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VBc3NpZ25WYWx1ZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2VxLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX292ZXJSZXN0LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VSZXN0LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvaXNMZW5ndGguanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9pc0FycmF5TGlrZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19pc0l0ZXJhdGVlQ2FsbC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19pc1Byb3RvdHlwZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlVGltZXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUlzQXJndW1lbnRzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvaXNBcmd1bWVudHMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9zdHViRmFsc2UuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9pc0J1ZmZlci5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlSXNUeXBlZEFycmF5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VVbmFyeS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19ub2RlVXRpbC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2lzVHlwZWRBcnJheS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19hcnJheUxpa2VLZXlzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX292ZXJBcmcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbmF0aXZlS2V5cy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlS2V5cy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2tleXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9faXNLZXkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbmF0aXZlQ3JlYXRlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2hhc2hDbGVhci5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19oYXNoRGVsZXRlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2hhc2hHZXQuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9faGFzaEhhcy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19oYXNoU2V0LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX0hhc2guanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbGlzdENhY2hlQ2xlYXIuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYXNzb2NJbmRleE9mLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2xpc3RDYWNoZURlbGV0ZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19saXN0Q2FjaGVHZXQuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbGlzdENhY2hlSGFzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2xpc3RDYWNoZVNldC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19MaXN0Q2FjaGUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fTWFwLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX21hcENhY2hlQ2xlYXIuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9faXNLZXlhYmxlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2dldE1hcERhdGEuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbWFwQ2FjaGVEZWxldGUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbWFwQ2FjaGVHZXQuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbWFwQ2FjaGVIYXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbWFwQ2FjaGVTZXQuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fTWFwQ2FjaGUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9tZW1vaXplLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX21lbW9pemVDYXBwZWQuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fc3RyaW5nVG9QYXRoLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvdG9TdHJpbmcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY2FzdFBhdGguanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fdG9LZXkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUdldC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL2dldC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19hcnJheVB1c2guanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9faXNGbGF0dGVuYWJsZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlRmxhdHRlbi5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zdGFja0NsZWFyLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX3N0YWNrRGVsZXRlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX3N0YWNrR2V0LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX3N0YWNrSGFzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX3N0YWNrU2V0LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX1N0YWNrLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2FycmF5RmlsdGVyLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvc3R1YkFycmF5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2dldFN5bWJvbHMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUdldEFsbEtleXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fZ2V0QWxsS2V5cy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19EYXRhVmlldy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19Qcm9taXNlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX1NldC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19nZXRUYWcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fVWludDhBcnJheS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zZXRDYWNoZUFkZC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zZXRDYWNoZUhhcy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19TZXRDYWNoZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19hcnJheVNvbWUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY2FjaGVIYXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fZXF1YWxBcnJheXMuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fbWFwVG9BcnJheS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19zZXRUb0FycmF5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2VxdWFsQnlUYWcuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fZXF1YWxPYmplY3RzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VJc0VxdWFsRGVlcC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlSXNFcXVhbC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlSXNNYXRjaC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19pc1N0cmljdENvbXBhcmFibGUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fZ2V0TWF0Y2hEYXRhLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX21hdGNoZXNTdHJpY3RDb21wYXJhYmxlLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VNYXRjaGVzLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VIYXNJbi5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19oYXNQYXRoLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvaGFzSW4uanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZU1hdGNoZXNQcm9wZXJ0eS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlUHJvcGVydHkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZVByb3BlcnR5RGVlcC5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL3Byb3BlcnR5LmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VJdGVyYXRlZS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19hcnJheUFnZ3JlZ2F0b3IuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY3JlYXRlQmFzZUZvci5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlRm9yLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VGb3JPd24uanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY3JlYXRlQmFzZUVhY2guanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUVhY2guanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZUFnZ3JlZ2F0b3IuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY3JlYXRlQWdncmVnYXRvci5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlTWFwLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvZ3JvdXBCeS5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19iYXNlU3VtLmpzIiwgIi4uLy4uL25vZGVfbW9kdWxlcy9sb2Rhc2gtZXMvX2Jhc2VTb3J0QnkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fY29tcGFyZUFzY2VuZGluZy5qcyIsICIuLi8uLi9ub2RlX21vZHVsZXMvbG9kYXNoLWVzL19jb21wYXJlTXVsdGlwbGUuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9fYmFzZU9yZGVyQnkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9zb3J0QnkuanMiLCAiLi4vLi4vbm9kZV9tb2R1bGVzL2xvZGFzaC1lcy9zdW1CeS5qcyIsICIuLi8uLi9hcHAvc3JjL29yZGVycy9wcmljaW5nLnRzIiwgIi4uLy4uL2FwcC9zcmMvb3JkZXJzL2NoZWNrb3V0LnRzIiwgIi4uLy4uL2FwcC9zcmMvdXRpbC90ZXh0LnRzIiwgIi4uLy4uL2FwcC9zcmMvcmVwb3J0LnRzIiwgIi4uLy4uL2FwcC9zcmMvdXRpbC9ybmcudHMiLCAiLi4vLi4vYXBwL3NyYy9tYWluLnRzIl0sCiAgIm1hcHBpbmdzIjogIjtBQUNBLElBQUksYUFBYSxPQUFPLFVBQVUsWUFBWSxVQUFVLE9BQU8sV0FBVyxVQUFVO0FBRXBGLElBQU8scUJBQVE7OztBQ0FmLElBQUksV0FBVyxPQUFPLFFBQVEsWUFBWSxRQUFRLEtBQUssV0FBVyxVQUFVO0FBRzVFLElBQUksT0FBTyxzQkFBYyxZQUFZLFNBQVMsYUFBYSxFQUFFO0FBRTdELElBQU8sZUFBUTs7O0FDTGYsSUFBSSxTQUFTLGFBQUs7QUFFbEIsSUFBTyxpQkFBUTs7O0FDRmYsSUFBSSxjQUFjLE9BQU87QUFHekIsSUFBSSxpQkFBaUIsWUFBWTtBQU9qQyxJQUFJLHVCQUF1QixZQUFZO0FBR3ZDLElBQUksaUJBQWlCLGlCQUFTLGVBQU8sY0FBYztBQVNuRCxTQUFTLFVBQVUsT0FBTztBQUN4QixNQUFJLFFBQVEsZUFBZSxLQUFLLE9BQU8sY0FBYyxHQUNqRCxNQUFNLE1BQU0sY0FBYztBQUU5QixNQUFJO0FBQ0YsVUFBTSxjQUFjLElBQUk7QUFDeEIsUUFBSSxXQUFXO0FBQUEsRUFDakIsU0FBUyxHQUFHO0FBQUEsRUFBQztBQUViLE1BQUksU0FBUyxxQkFBcUIsS0FBSyxLQUFLO0FBQzVDLE1BQUksVUFBVTtBQUNaLFFBQUksT0FBTztBQUNULFlBQU0sY0FBYyxJQUFJO0FBQUEsSUFDMUIsT0FBTztBQUNMLGFBQU8sTUFBTSxjQUFjO0FBQUEsSUFDN0I7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyxvQkFBUTs7O0FDNUNmLElBQUlBLGVBQWMsT0FBTztBQU96QixJQUFJQyx3QkFBdUJELGFBQVk7QUFTdkMsU0FBUyxlQUFlLE9BQU87QUFDN0IsU0FBT0Msc0JBQXFCLEtBQUssS0FBSztBQUN4QztBQUVBLElBQU8seUJBQVE7OztBQ2hCZixJQUFJLFVBQVU7QUFBZCxJQUNJLGVBQWU7QUFHbkIsSUFBSUMsa0JBQWlCLGlCQUFTLGVBQU8sY0FBYztBQVNuRCxTQUFTLFdBQVcsT0FBTztBQUN6QixNQUFJLFNBQVMsTUFBTTtBQUNqQixXQUFPLFVBQVUsU0FBWSxlQUFlO0FBQUEsRUFDOUM7QUFDQSxTQUFRQSxtQkFBa0JBLG1CQUFrQixPQUFPLEtBQUssSUFDcEQsa0JBQVUsS0FBSyxJQUNmLHVCQUFlLEtBQUs7QUFDMUI7QUFFQSxJQUFPLHFCQUFROzs7QUNIZixTQUFTLGFBQWEsT0FBTztBQUMzQixTQUFPLFNBQVMsUUFBUSxPQUFPLFNBQVM7QUFDMUM7QUFFQSxJQUFPLHVCQUFROzs7QUN4QmYsSUFBSSxZQUFZO0FBbUJoQixTQUFTLFNBQVMsT0FBTztBQUN2QixTQUFPLE9BQU8sU0FBUyxZQUNwQixxQkFBYSxLQUFLLEtBQUssbUJBQVcsS0FBSyxLQUFLO0FBQ2pEO0FBRUEsSUFBTyxtQkFBUTs7O0FDbkJmLFNBQVMsU0FBUyxPQUFPLFVBQVU7QUFDakMsTUFBSSxRQUFRLElBQ1IsU0FBUyxTQUFTLE9BQU8sSUFBSSxNQUFNLFFBQ25DLFNBQVMsTUFBTSxNQUFNO0FBRXpCLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsV0FBTyxLQUFLLElBQUksU0FBUyxNQUFNLEtBQUssR0FBRyxPQUFPLEtBQUs7QUFBQSxFQUNyRDtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sbUJBQVE7OztBQ0dmLElBQUksVUFBVSxNQUFNO0FBRXBCLElBQU8sa0JBQVE7OztBQ25CZixJQUFJLFdBQVcsSUFBSTtBQUduQixJQUFJLGNBQWMsaUJBQVMsZUFBTyxZQUFZO0FBQTlDLElBQ0ksaUJBQWlCLGNBQWMsWUFBWSxXQUFXO0FBVTFELFNBQVMsYUFBYSxPQUFPO0FBRTNCLE1BQUksT0FBTyxTQUFTLFVBQVU7QUFDNUIsV0FBTztBQUFBLEVBQ1Q7QUFDQSxNQUFJLGdCQUFRLEtBQUssR0FBRztBQUVsQixXQUFPLGlCQUFTLE9BQU8sWUFBWSxJQUFJO0FBQUEsRUFDekM7QUFDQSxNQUFJLGlCQUFTLEtBQUssR0FBRztBQUNuQixXQUFPLGlCQUFpQixlQUFlLEtBQUssS0FBSyxJQUFJO0FBQUEsRUFDdkQ7QUFDQSxNQUFJLFNBQVUsUUFBUTtBQUN0QixTQUFRLFVBQVUsT0FBUSxJQUFJLFNBQVUsQ0FBQyxXQUFZLE9BQU87QUFDOUQ7QUFFQSxJQUFPLHVCQUFROzs7QUNYZixTQUFTLFNBQVMsT0FBTztBQUN2QixNQUFJLE9BQU8sT0FBTztBQUNsQixTQUFPLFNBQVMsU0FBUyxRQUFRLFlBQVksUUFBUTtBQUN2RDtBQUVBLElBQU8sbUJBQVE7OztBQ2RmLFNBQVMsU0FBUyxPQUFPO0FBQ3ZCLFNBQU87QUFDVDtBQUVBLElBQU8sbUJBQVE7OztBQ2hCZixJQUFJLFdBQVc7QUFBZixJQUNJLFVBQVU7QUFEZCxJQUVJLFNBQVM7QUFGYixJQUdJLFdBQVc7QUFtQmYsU0FBUyxXQUFXLE9BQU87QUFDekIsTUFBSSxDQUFDLGlCQUFTLEtBQUssR0FBRztBQUNwQixXQUFPO0FBQUEsRUFDVDtBQUdBLE1BQUksTUFBTSxtQkFBVyxLQUFLO0FBQzFCLFNBQU8sT0FBTyxXQUFXLE9BQU8sVUFBVSxPQUFPLFlBQVksT0FBTztBQUN0RTtBQUVBLElBQU8scUJBQVE7OztBQ2pDZixJQUFJLGFBQWEsYUFBSyxvQkFBb0I7QUFFMUMsSUFBTyxxQkFBUTs7O0FDRmYsSUFBSSxhQUFjLFdBQVc7QUFDM0IsTUFBSSxNQUFNLFNBQVMsS0FBSyxzQkFBYyxtQkFBVyxRQUFRLG1CQUFXLEtBQUssWUFBWSxFQUFFO0FBQ3ZGLFNBQU8sTUFBTyxtQkFBbUIsTUFBTztBQUMxQyxFQUFFO0FBU0YsU0FBUyxTQUFTLE1BQU07QUFDdEIsU0FBTyxDQUFDLENBQUMsY0FBZSxjQUFjO0FBQ3hDO0FBRUEsSUFBTyxtQkFBUTs7O0FDbEJmLElBQUksWUFBWSxTQUFTO0FBR3pCLElBQUksZUFBZSxVQUFVO0FBUzdCLFNBQVMsU0FBUyxNQUFNO0FBQ3RCLE1BQUksUUFBUSxNQUFNO0FBQ2hCLFFBQUk7QUFDRixhQUFPLGFBQWEsS0FBSyxJQUFJO0FBQUEsSUFDL0IsU0FBUyxHQUFHO0FBQUEsSUFBQztBQUNiLFFBQUk7QUFDRixhQUFRLE9BQU87QUFBQSxJQUNqQixTQUFTLEdBQUc7QUFBQSxJQUFDO0FBQUEsRUFDZjtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sbUJBQVE7OztBQ2hCZixJQUFJLGVBQWU7QUFHbkIsSUFBSSxlQUFlO0FBR25CLElBQUlDLGFBQVksU0FBUztBQUF6QixJQUNJQyxlQUFjLE9BQU87QUFHekIsSUFBSUMsZ0JBQWVGLFdBQVU7QUFHN0IsSUFBSUcsa0JBQWlCRixhQUFZO0FBR2pDLElBQUksYUFBYTtBQUFBLEVBQU8sTUFDdEJDLGNBQWEsS0FBS0MsZUFBYyxFQUFFLFFBQVEsY0FBYyxNQUFNLEVBQzdELFFBQVEsMERBQTBELE9BQU8sSUFBSTtBQUNoRjtBQVVBLFNBQVMsYUFBYSxPQUFPO0FBQzNCLE1BQUksQ0FBQyxpQkFBUyxLQUFLLEtBQUssaUJBQVMsS0FBSyxHQUFHO0FBQ3ZDLFdBQU87QUFBQSxFQUNUO0FBQ0EsTUFBSSxVQUFVLG1CQUFXLEtBQUssSUFBSSxhQUFhO0FBQy9DLFNBQU8sUUFBUSxLQUFLLGlCQUFTLEtBQUssQ0FBQztBQUNyQztBQUVBLElBQU8sdUJBQVE7OztBQ3RDZixTQUFTLFNBQVMsUUFBUSxLQUFLO0FBQzdCLFNBQU8sVUFBVSxPQUFPLFNBQVksT0FBTyxHQUFHO0FBQ2hEO0FBRUEsSUFBTyxtQkFBUTs7O0FDRGYsU0FBUyxVQUFVLFFBQVEsS0FBSztBQUM5QixNQUFJLFFBQVEsaUJBQVMsUUFBUSxHQUFHO0FBQ2hDLFNBQU8scUJBQWEsS0FBSyxJQUFJLFFBQVE7QUFDdkM7QUFFQSxJQUFPLG9CQUFROzs7QUNaZixJQUFJLFVBQVUsa0JBQVUsY0FBTSxTQUFTO0FBRXZDLElBQU8sa0JBQVE7OztBQ0lmLFNBQVMsTUFBTSxNQUFNLFNBQVMsTUFBTTtBQUNsQyxVQUFRLEtBQUssUUFBUTtBQUFBLElBQ25CLEtBQUs7QUFBRyxhQUFPLEtBQUssS0FBSyxPQUFPO0FBQUEsSUFDaEMsS0FBSztBQUFHLGFBQU8sS0FBSyxLQUFLLFNBQVMsS0FBSyxDQUFDLENBQUM7QUFBQSxJQUN6QyxLQUFLO0FBQUcsYUFBTyxLQUFLLEtBQUssU0FBUyxLQUFLLENBQUMsR0FBRyxLQUFLLENBQUMsQ0FBQztBQUFBLElBQ2xELEtBQUs7QUFBRyxhQUFPLEtBQUssS0FBSyxTQUFTLEtBQUssQ0FBQyxHQUFHLEtBQUssQ0FBQyxHQUFHLEtBQUssQ0FBQyxDQUFDO0FBQUEsRUFDN0Q7QUFDQSxTQUFPLEtBQUssTUFBTSxTQUFTLElBQUk7QUFDakM7QUFFQSxJQUFPLGdCQUFROzs7QUNuQmYsSUFBSSxZQUFZO0FBQWhCLElBQ0ksV0FBVztBQUdmLElBQUksWUFBWSxLQUFLO0FBV3JCLFNBQVMsU0FBUyxNQUFNO0FBQ3RCLE1BQUksUUFBUSxHQUNSLGFBQWE7QUFFakIsU0FBTyxXQUFXO0FBQ2hCLFFBQUksUUFBUSxVQUFVLEdBQ2xCLFlBQVksWUFBWSxRQUFRO0FBRXBDLGlCQUFhO0FBQ2IsUUFBSSxZQUFZLEdBQUc7QUFDakIsVUFBSSxFQUFFLFNBQVMsV0FBVztBQUN4QixlQUFPLFVBQVUsQ0FBQztBQUFBLE1BQ3BCO0FBQUEsSUFDRixPQUFPO0FBQ0wsY0FBUTtBQUFBLElBQ1Y7QUFDQSxXQUFPLEtBQUssTUFBTSxRQUFXLFNBQVM7QUFBQSxFQUN4QztBQUNGO0FBRUEsSUFBTyxtQkFBUTs7O0FDakJmLFNBQVMsU0FBUyxPQUFPO0FBQ3ZCLFNBQU8sV0FBVztBQUNoQixXQUFPO0FBQUEsRUFDVDtBQUNGO0FBRUEsSUFBTyxtQkFBUTs7O0FDdkJmLElBQUksaUJBQWtCLFdBQVc7QUFDL0IsTUFBSTtBQUNGLFFBQUksT0FBTyxrQkFBVSxRQUFRLGdCQUFnQjtBQUM3QyxTQUFLLENBQUMsR0FBRyxJQUFJLENBQUMsQ0FBQztBQUNmLFdBQU87QUFBQSxFQUNULFNBQVMsR0FBRztBQUFBLEVBQUM7QUFDZixFQUFFO0FBRUYsSUFBTyx5QkFBUTs7O0FDRWYsSUFBSSxrQkFBa0IsQ0FBQyx5QkFBaUIsbUJBQVcsU0FBUyxNQUFNLFFBQVE7QUFDeEUsU0FBTyx1QkFBZSxNQUFNLFlBQVk7QUFBQSxJQUN0QyxnQkFBZ0I7QUFBQSxJQUNoQixjQUFjO0FBQUEsSUFDZCxTQUFTLGlCQUFTLE1BQU07QUFBQSxJQUN4QixZQUFZO0FBQUEsRUFDZCxDQUFDO0FBQ0g7QUFFQSxJQUFPLDBCQUFROzs7QUNWZixJQUFJLGNBQWMsaUJBQVMsdUJBQWU7QUFFMUMsSUFBTyxzQkFBUTs7O0FDWmYsSUFBSSxtQkFBbUI7QUFHdkIsSUFBSSxXQUFXO0FBVWYsU0FBUyxRQUFRLE9BQU8sUUFBUTtBQUM5QixNQUFJLE9BQU8sT0FBTztBQUNsQixXQUFTLFVBQVUsT0FBTyxtQkFBbUI7QUFFN0MsU0FBTyxDQUFDLENBQUMsV0FDTixRQUFRLFlBQ04sUUFBUSxZQUFZLFNBQVMsS0FBSyxLQUFLLE9BQ3JDLFFBQVEsTUFBTSxRQUFRLEtBQUssS0FBSyxRQUFRO0FBQ2pEO0FBRUEsSUFBTyxrQkFBUTs7O0FDYmYsU0FBUyxnQkFBZ0IsUUFBUSxLQUFLLE9BQU87QUFDM0MsTUFBSSxPQUFPLGVBQWUsd0JBQWdCO0FBQ3hDLDJCQUFlLFFBQVEsS0FBSztBQUFBLE1BQzFCLGdCQUFnQjtBQUFBLE1BQ2hCLGNBQWM7QUFBQSxNQUNkLFNBQVM7QUFBQSxNQUNULFlBQVk7QUFBQSxJQUNkLENBQUM7QUFBQSxFQUNILE9BQU87QUFDTCxXQUFPLEdBQUcsSUFBSTtBQUFBLEVBQ2hCO0FBQ0Y7QUFFQSxJQUFPLDBCQUFROzs7QUNRZixTQUFTLEdBQUcsT0FBTyxPQUFPO0FBQ3hCLFNBQU8sVUFBVSxTQUFVLFVBQVUsU0FBUyxVQUFVO0FBQzFEO0FBRUEsSUFBTyxhQUFROzs7QUNqQ2YsSUFBSSxZQUFZLEtBQUs7QUFXckIsU0FBUyxTQUFTLE1BQU0sT0FBTyxXQUFXO0FBQ3hDLFVBQVEsVUFBVSxVQUFVLFNBQWEsS0FBSyxTQUFTLElBQUssT0FBTyxDQUFDO0FBQ3BFLFNBQU8sV0FBVztBQUNoQixRQUFJLE9BQU8sV0FDUCxRQUFRLElBQ1IsU0FBUyxVQUFVLEtBQUssU0FBUyxPQUFPLENBQUMsR0FDekMsUUFBUSxNQUFNLE1BQU07QUFFeEIsV0FBTyxFQUFFLFFBQVEsUUFBUTtBQUN2QixZQUFNLEtBQUssSUFBSSxLQUFLLFFBQVEsS0FBSztBQUFBLElBQ25DO0FBQ0EsWUFBUTtBQUNSLFFBQUksWUFBWSxNQUFNLFFBQVEsQ0FBQztBQUMvQixXQUFPLEVBQUUsUUFBUSxPQUFPO0FBQ3RCLGdCQUFVLEtBQUssSUFBSSxLQUFLLEtBQUs7QUFBQSxJQUMvQjtBQUNBLGNBQVUsS0FBSyxJQUFJLFVBQVUsS0FBSztBQUNsQyxXQUFPLGNBQU0sTUFBTSxNQUFNLFNBQVM7QUFBQSxFQUNwQztBQUNGO0FBRUEsSUFBTyxtQkFBUTs7O0FDdkJmLFNBQVMsU0FBUyxNQUFNLE9BQU87QUFDN0IsU0FBTyxvQkFBWSxpQkFBUyxNQUFNLE9BQU8sZ0JBQVEsR0FBRyxPQUFPLEVBQUU7QUFDL0Q7QUFFQSxJQUFPLG1CQUFROzs7QUNmZixJQUFJQyxvQkFBbUI7QUE0QnZCLFNBQVMsU0FBUyxPQUFPO0FBQ3ZCLFNBQU8sT0FBTyxTQUFTLFlBQ3JCLFFBQVEsTUFBTSxRQUFRLEtBQUssS0FBSyxTQUFTQTtBQUM3QztBQUVBLElBQU8sbUJBQVE7OztBQ05mLFNBQVMsWUFBWSxPQUFPO0FBQzFCLFNBQU8sU0FBUyxRQUFRLGlCQUFTLE1BQU0sTUFBTSxLQUFLLENBQUMsbUJBQVcsS0FBSztBQUNyRTtBQUVBLElBQU8sc0JBQVE7OztBQ2pCZixTQUFTLGVBQWUsT0FBTyxPQUFPLFFBQVE7QUFDNUMsTUFBSSxDQUFDLGlCQUFTLE1BQU0sR0FBRztBQUNyQixXQUFPO0FBQUEsRUFDVDtBQUNBLE1BQUksT0FBTyxPQUFPO0FBQ2xCLE1BQUksUUFBUSxXQUNILG9CQUFZLE1BQU0sS0FBSyxnQkFBUSxPQUFPLE9BQU8sTUFBTSxJQUNuRCxRQUFRLFlBQVksU0FBUyxRQUNoQztBQUNKLFdBQU8sV0FBRyxPQUFPLEtBQUssR0FBRyxLQUFLO0FBQUEsRUFDaEM7QUFDQSxTQUFPO0FBQ1Q7QUFFQSxJQUFPLHlCQUFROzs7QUM1QmYsSUFBSUMsZUFBYyxPQUFPO0FBU3pCLFNBQVMsWUFBWSxPQUFPO0FBQzFCLE1BQUksT0FBTyxTQUFTLE1BQU0sYUFDdEIsUUFBUyxPQUFPLFFBQVEsY0FBYyxLQUFLLGFBQWNBO0FBRTdELFNBQU8sVUFBVTtBQUNuQjtBQUVBLElBQU8sc0JBQVE7OztBQ1JmLFNBQVMsVUFBVSxHQUFHLFVBQVU7QUFDOUIsTUFBSSxRQUFRLElBQ1IsU0FBUyxNQUFNLENBQUM7QUFFcEIsU0FBTyxFQUFFLFFBQVEsR0FBRztBQUNsQixXQUFPLEtBQUssSUFBSSxTQUFTLEtBQUs7QUFBQSxFQUNoQztBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sb0JBQVE7OztBQ2ZmLElBQUksVUFBVTtBQVNkLFNBQVMsZ0JBQWdCLE9BQU87QUFDOUIsU0FBTyxxQkFBYSxLQUFLLEtBQUssbUJBQVcsS0FBSyxLQUFLO0FBQ3JEO0FBRUEsSUFBTywwQkFBUTs7O0FDYmYsSUFBSUMsZUFBYyxPQUFPO0FBR3pCLElBQUlDLGtCQUFpQkQsYUFBWTtBQUdqQyxJQUFJLHVCQUF1QkEsYUFBWTtBQW9CdkMsSUFBSSxjQUFjLHdCQUFnQiwyQkFBVztBQUFFLFNBQU87QUFBVyxFQUFFLENBQUMsSUFBSSwwQkFBa0IsU0FBUyxPQUFPO0FBQ3hHLFNBQU8scUJBQWEsS0FBSyxLQUFLQyxnQkFBZSxLQUFLLE9BQU8sUUFBUSxLQUMvRCxDQUFDLHFCQUFxQixLQUFLLE9BQU8sUUFBUTtBQUM5QztBQUVBLElBQU8sc0JBQVE7OztBQ3RCZixTQUFTLFlBQVk7QUFDbkIsU0FBTztBQUNUO0FBRUEsSUFBTyxvQkFBUTs7O0FDYmYsSUFBSSxjQUFjLE9BQU8sV0FBVyxZQUFZLFdBQVcsQ0FBQyxRQUFRLFlBQVk7QUFHaEYsSUFBSSxhQUFhLGVBQWUsT0FBTyxVQUFVLFlBQVksVUFBVSxDQUFDLE9BQU8sWUFBWTtBQUczRixJQUFJLGdCQUFnQixjQUFjLFdBQVcsWUFBWTtBQUd6RCxJQUFJLFNBQVMsZ0JBQWdCLGFBQUssU0FBUztBQUczQyxJQUFJLGlCQUFpQixTQUFTLE9BQU8sV0FBVztBQW1CaEQsSUFBSSxXQUFXLGtCQUFrQjtBQUVqQyxJQUFPLG1CQUFROzs7QUNoQ2YsSUFBSUMsV0FBVTtBQUFkLElBQ0ksV0FBVztBQURmLElBRUksVUFBVTtBQUZkLElBR0ksVUFBVTtBQUhkLElBSUksV0FBVztBQUpmLElBS0lDLFdBQVU7QUFMZCxJQU1JLFNBQVM7QUFOYixJQU9JLFlBQVk7QUFQaEIsSUFRSSxZQUFZO0FBUmhCLElBU0ksWUFBWTtBQVRoQixJQVVJLFNBQVM7QUFWYixJQVdJLFlBQVk7QUFYaEIsSUFZSSxhQUFhO0FBRWpCLElBQUksaUJBQWlCO0FBQXJCLElBQ0ksY0FBYztBQURsQixJQUVJLGFBQWE7QUFGakIsSUFHSSxhQUFhO0FBSGpCLElBSUksVUFBVTtBQUpkLElBS0ksV0FBVztBQUxmLElBTUksV0FBVztBQU5mLElBT0ksV0FBVztBQVBmLElBUUksa0JBQWtCO0FBUnRCLElBU0ksWUFBWTtBQVRoQixJQVVJLFlBQVk7QUFHaEIsSUFBSSxpQkFBaUIsQ0FBQztBQUN0QixlQUFlLFVBQVUsSUFBSSxlQUFlLFVBQVUsSUFDdEQsZUFBZSxPQUFPLElBQUksZUFBZSxRQUFRLElBQ2pELGVBQWUsUUFBUSxJQUFJLGVBQWUsUUFBUSxJQUNsRCxlQUFlLGVBQWUsSUFBSSxlQUFlLFNBQVMsSUFDMUQsZUFBZSxTQUFTLElBQUk7QUFDNUIsZUFBZUQsUUFBTyxJQUFJLGVBQWUsUUFBUSxJQUNqRCxlQUFlLGNBQWMsSUFBSSxlQUFlLE9BQU8sSUFDdkQsZUFBZSxXQUFXLElBQUksZUFBZSxPQUFPLElBQ3BELGVBQWUsUUFBUSxJQUFJLGVBQWVDLFFBQU8sSUFDakQsZUFBZSxNQUFNLElBQUksZUFBZSxTQUFTLElBQ2pELGVBQWUsU0FBUyxJQUFJLGVBQWUsU0FBUyxJQUNwRCxlQUFlLE1BQU0sSUFBSSxlQUFlLFNBQVMsSUFDakQsZUFBZSxVQUFVLElBQUk7QUFTN0IsU0FBUyxpQkFBaUIsT0FBTztBQUMvQixTQUFPLHFCQUFhLEtBQUssS0FDdkIsaUJBQVMsTUFBTSxNQUFNLEtBQUssQ0FBQyxDQUFDLGVBQWUsbUJBQVcsS0FBSyxDQUFDO0FBQ2hFO0FBRUEsSUFBTywyQkFBUTs7O0FDcERmLFNBQVMsVUFBVSxNQUFNO0FBQ3ZCLFNBQU8sU0FBUyxPQUFPO0FBQ3JCLFdBQU8sS0FBSyxLQUFLO0FBQUEsRUFDbkI7QUFDRjtBQUVBLElBQU8sb0JBQVE7OztBQ1ZmLElBQUlDLGVBQWMsT0FBTyxXQUFXLFlBQVksV0FBVyxDQUFDLFFBQVEsWUFBWTtBQUdoRixJQUFJQyxjQUFhRCxnQkFBZSxPQUFPLFVBQVUsWUFBWSxVQUFVLENBQUMsT0FBTyxZQUFZO0FBRzNGLElBQUlFLGlCQUFnQkQsZUFBY0EsWUFBVyxZQUFZRDtBQUd6RCxJQUFJLGNBQWNFLGtCQUFpQixtQkFBVztBQUc5QyxJQUFJLFdBQVksV0FBVztBQUN6QixNQUFJO0FBRUYsUUFBSSxRQUFRRCxlQUFjQSxZQUFXLFdBQVdBLFlBQVcsUUFBUSxNQUFNLEVBQUU7QUFFM0UsUUFBSSxPQUFPO0FBQ1QsYUFBTztBQUFBLElBQ1Q7QUFHQSxXQUFPLGVBQWUsWUFBWSxXQUFXLFlBQVksUUFBUSxNQUFNO0FBQUEsRUFDekUsU0FBUyxHQUFHO0FBQUEsRUFBQztBQUNmLEVBQUU7QUFFRixJQUFPLG1CQUFROzs7QUN4QmYsSUFBSSxtQkFBbUIsb0JBQVksaUJBQVM7QUFtQjVDLElBQUksZUFBZSxtQkFBbUIsa0JBQVUsZ0JBQWdCLElBQUk7QUFFcEUsSUFBTyx1QkFBUTs7O0FDbEJmLElBQUlFLGVBQWMsT0FBTztBQUd6QixJQUFJQyxrQkFBaUJELGFBQVk7QUFVakMsU0FBUyxjQUFjLE9BQU8sV0FBVztBQUN2QyxNQUFJLFFBQVEsZ0JBQVEsS0FBSyxHQUNyQixRQUFRLENBQUMsU0FBUyxvQkFBWSxLQUFLLEdBQ25DLFNBQVMsQ0FBQyxTQUFTLENBQUMsU0FBUyxpQkFBUyxLQUFLLEdBQzNDLFNBQVMsQ0FBQyxTQUFTLENBQUMsU0FBUyxDQUFDLFVBQVUscUJBQWEsS0FBSyxHQUMxRCxjQUFjLFNBQVMsU0FBUyxVQUFVLFFBQzFDLFNBQVMsY0FBYyxrQkFBVSxNQUFNLFFBQVEsTUFBTSxJQUFJLENBQUMsR0FDMUQsU0FBUyxPQUFPO0FBRXBCLFdBQVMsT0FBTyxPQUFPO0FBQ3JCLFNBQUssYUFBYUMsZ0JBQWUsS0FBSyxPQUFPLEdBQUcsTUFDNUMsRUFBRTtBQUFBLEtBRUMsT0FBTztBQUFBLElBRU4sV0FBVyxPQUFPLFlBQVksT0FBTztBQUFBLElBRXJDLFdBQVcsT0FBTyxZQUFZLE9BQU8sZ0JBQWdCLE9BQU87QUFBQSxJQUU3RCxnQkFBUSxLQUFLLE1BQU0sS0FDbEI7QUFDTixhQUFPLEtBQUssR0FBRztBQUFBLElBQ2pCO0FBQUEsRUFDRjtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sd0JBQVE7OztBQ3hDZixTQUFTLFFBQVEsTUFBTSxXQUFXO0FBQ2hDLFNBQU8sU0FBUyxLQUFLO0FBQ25CLFdBQU8sS0FBSyxVQUFVLEdBQUcsQ0FBQztBQUFBLEVBQzVCO0FBQ0Y7QUFFQSxJQUFPLGtCQUFROzs7QUNYZixJQUFJLGFBQWEsZ0JBQVEsT0FBTyxNQUFNLE1BQU07QUFFNUMsSUFBTyxxQkFBUTs7O0FDRGYsSUFBSUMsZUFBYyxPQUFPO0FBR3pCLElBQUlDLGtCQUFpQkQsYUFBWTtBQVNqQyxTQUFTLFNBQVMsUUFBUTtBQUN4QixNQUFJLENBQUMsb0JBQVksTUFBTSxHQUFHO0FBQ3hCLFdBQU8sbUJBQVcsTUFBTTtBQUFBLEVBQzFCO0FBQ0EsTUFBSSxTQUFTLENBQUM7QUFDZCxXQUFTLE9BQU8sT0FBTyxNQUFNLEdBQUc7QUFDOUIsUUFBSUMsZ0JBQWUsS0FBSyxRQUFRLEdBQUcsS0FBSyxPQUFPLGVBQWU7QUFDNUQsYUFBTyxLQUFLLEdBQUc7QUFBQSxJQUNqQjtBQUFBLEVBQ0Y7QUFDQSxTQUFPO0FBQ1Q7QUFFQSxJQUFPLG1CQUFROzs7QUNHZixTQUFTLEtBQUssUUFBUTtBQUNwQixTQUFPLG9CQUFZLE1BQU0sSUFBSSxzQkFBYyxNQUFNLElBQUksaUJBQVMsTUFBTTtBQUN0RTtBQUVBLElBQU8sZUFBUTs7O0FDaENmLElBQUksZUFBZTtBQUFuQixJQUNJLGdCQUFnQjtBQVVwQixTQUFTLE1BQU0sT0FBTyxRQUFRO0FBQzVCLE1BQUksZ0JBQVEsS0FBSyxHQUFHO0FBQ2xCLFdBQU87QUFBQSxFQUNUO0FBQ0EsTUFBSSxPQUFPLE9BQU87QUFDbEIsTUFBSSxRQUFRLFlBQVksUUFBUSxZQUFZLFFBQVEsYUFDaEQsU0FBUyxRQUFRLGlCQUFTLEtBQUssR0FBRztBQUNwQyxXQUFPO0FBQUEsRUFDVDtBQUNBLFNBQU8sY0FBYyxLQUFLLEtBQUssS0FBSyxDQUFDLGFBQWEsS0FBSyxLQUFLLEtBQ3pELFVBQVUsUUFBUSxTQUFTLE9BQU8sTUFBTTtBQUM3QztBQUVBLElBQU8sZ0JBQVE7OztBQ3pCZixJQUFJLGVBQWUsa0JBQVUsUUFBUSxRQUFRO0FBRTdDLElBQU8sdUJBQVE7OztBQ0lmLFNBQVMsWUFBWTtBQUNuQixPQUFLLFdBQVcsdUJBQWUscUJBQWEsSUFBSSxJQUFJLENBQUM7QUFDckQsT0FBSyxPQUFPO0FBQ2Q7QUFFQSxJQUFPLG9CQUFROzs7QUNKZixTQUFTLFdBQVcsS0FBSztBQUN2QixNQUFJLFNBQVMsS0FBSyxJQUFJLEdBQUcsS0FBSyxPQUFPLEtBQUssU0FBUyxHQUFHO0FBQ3RELE9BQUssUUFBUSxTQUFTLElBQUk7QUFDMUIsU0FBTztBQUNUO0FBRUEsSUFBTyxxQkFBUTs7O0FDYmYsSUFBSSxpQkFBaUI7QUFHckIsSUFBSUMsZUFBYyxPQUFPO0FBR3pCLElBQUlDLGtCQUFpQkQsYUFBWTtBQVdqQyxTQUFTLFFBQVEsS0FBSztBQUNwQixNQUFJLE9BQU8sS0FBSztBQUNoQixNQUFJLHNCQUFjO0FBQ2hCLFFBQUksU0FBUyxLQUFLLEdBQUc7QUFDckIsV0FBTyxXQUFXLGlCQUFpQixTQUFZO0FBQUEsRUFDakQ7QUFDQSxTQUFPQyxnQkFBZSxLQUFLLE1BQU0sR0FBRyxJQUFJLEtBQUssR0FBRyxJQUFJO0FBQ3REO0FBRUEsSUFBTyxrQkFBUTs7O0FDMUJmLElBQUlDLGVBQWMsT0FBTztBQUd6QixJQUFJQyxrQkFBaUJELGFBQVk7QUFXakMsU0FBUyxRQUFRLEtBQUs7QUFDcEIsTUFBSSxPQUFPLEtBQUs7QUFDaEIsU0FBTyx1QkFBZ0IsS0FBSyxHQUFHLE1BQU0sU0FBYUMsZ0JBQWUsS0FBSyxNQUFNLEdBQUc7QUFDakY7QUFFQSxJQUFPLGtCQUFROzs7QUNuQmYsSUFBSUMsa0JBQWlCO0FBWXJCLFNBQVMsUUFBUSxLQUFLLE9BQU87QUFDM0IsTUFBSSxPQUFPLEtBQUs7QUFDaEIsT0FBSyxRQUFRLEtBQUssSUFBSSxHQUFHLElBQUksSUFBSTtBQUNqQyxPQUFLLEdBQUcsSUFBSyx3QkFBZ0IsVUFBVSxTQUFhQSxrQkFBaUI7QUFDckUsU0FBTztBQUNUO0FBRUEsSUFBTyxrQkFBUTs7O0FDVGYsU0FBUyxLQUFLLFNBQVM7QUFDckIsTUFBSSxRQUFRLElBQ1IsU0FBUyxXQUFXLE9BQU8sSUFBSSxRQUFRO0FBRTNDLE9BQUssTUFBTTtBQUNYLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxRQUFRLFFBQVEsS0FBSztBQUN6QixTQUFLLElBQUksTUFBTSxDQUFDLEdBQUcsTUFBTSxDQUFDLENBQUM7QUFBQSxFQUM3QjtBQUNGO0FBR0EsS0FBSyxVQUFVLFFBQVE7QUFDdkIsS0FBSyxVQUFVLFFBQVEsSUFBSTtBQUMzQixLQUFLLFVBQVUsTUFBTTtBQUNyQixLQUFLLFVBQVUsTUFBTTtBQUNyQixLQUFLLFVBQVUsTUFBTTtBQUVyQixJQUFPLGVBQVE7OztBQ3hCZixTQUFTLGlCQUFpQjtBQUN4QixPQUFLLFdBQVcsQ0FBQztBQUNqQixPQUFLLE9BQU87QUFDZDtBQUVBLElBQU8seUJBQVE7OztBQ0ZmLFNBQVMsYUFBYSxPQUFPLEtBQUs7QUFDaEMsTUFBSSxTQUFTLE1BQU07QUFDbkIsU0FBTyxVQUFVO0FBQ2YsUUFBSSxXQUFHLE1BQU0sTUFBTSxFQUFFLENBQUMsR0FBRyxHQUFHLEdBQUc7QUFDN0IsYUFBTztBQUFBLElBQ1Q7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyx1QkFBUTs7O0FDakJmLElBQUksYUFBYSxNQUFNO0FBR3ZCLElBQUksU0FBUyxXQUFXO0FBV3hCLFNBQVMsZ0JBQWdCLEtBQUs7QUFDNUIsTUFBSSxPQUFPLEtBQUssVUFDWixRQUFRLHFCQUFhLE1BQU0sR0FBRztBQUVsQyxNQUFJLFFBQVEsR0FBRztBQUNiLFdBQU87QUFBQSxFQUNUO0FBQ0EsTUFBSSxZQUFZLEtBQUssU0FBUztBQUM5QixNQUFJLFNBQVMsV0FBVztBQUN0QixTQUFLLElBQUk7QUFBQSxFQUNYLE9BQU87QUFDTCxXQUFPLEtBQUssTUFBTSxPQUFPLENBQUM7QUFBQSxFQUM1QjtBQUNBLElBQUUsS0FBSztBQUNQLFNBQU87QUFDVDtBQUVBLElBQU8sMEJBQVE7OztBQ3ZCZixTQUFTLGFBQWEsS0FBSztBQUN6QixNQUFJLE9BQU8sS0FBSyxVQUNaLFFBQVEscUJBQWEsTUFBTSxHQUFHO0FBRWxDLFNBQU8sUUFBUSxJQUFJLFNBQVksS0FBSyxLQUFLLEVBQUUsQ0FBQztBQUM5QztBQUVBLElBQU8sdUJBQVE7OztBQ1BmLFNBQVMsYUFBYSxLQUFLO0FBQ3pCLFNBQU8scUJBQWEsS0FBSyxVQUFVLEdBQUcsSUFBSTtBQUM1QztBQUVBLElBQU8sdUJBQVE7OztBQ0hmLFNBQVMsYUFBYSxLQUFLLE9BQU87QUFDaEMsTUFBSSxPQUFPLEtBQUssVUFDWixRQUFRLHFCQUFhLE1BQU0sR0FBRztBQUVsQyxNQUFJLFFBQVEsR0FBRztBQUNiLE1BQUUsS0FBSztBQUNQLFNBQUssS0FBSyxDQUFDLEtBQUssS0FBSyxDQUFDO0FBQUEsRUFDeEIsT0FBTztBQUNMLFNBQUssS0FBSyxFQUFFLENBQUMsSUFBSTtBQUFBLEVBQ25CO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyx1QkFBUTs7O0FDWmYsU0FBUyxVQUFVLFNBQVM7QUFDMUIsTUFBSSxRQUFRLElBQ1IsU0FBUyxXQUFXLE9BQU8sSUFBSSxRQUFRO0FBRTNDLE9BQUssTUFBTTtBQUNYLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxRQUFRLFFBQVEsS0FBSztBQUN6QixTQUFLLElBQUksTUFBTSxDQUFDLEdBQUcsTUFBTSxDQUFDLENBQUM7QUFBQSxFQUM3QjtBQUNGO0FBR0EsVUFBVSxVQUFVLFFBQVE7QUFDNUIsVUFBVSxVQUFVLFFBQVEsSUFBSTtBQUNoQyxVQUFVLFVBQVUsTUFBTTtBQUMxQixVQUFVLFVBQVUsTUFBTTtBQUMxQixVQUFVLFVBQVUsTUFBTTtBQUUxQixJQUFPLG9CQUFROzs7QUMzQmYsSUFBSSxNQUFNLGtCQUFVLGNBQU0sS0FBSztBQUUvQixJQUFPLGNBQVE7OztBQ0tmLFNBQVMsZ0JBQWdCO0FBQ3ZCLE9BQUssT0FBTztBQUNaLE9BQUssV0FBVztBQUFBLElBQ2QsUUFBUSxJQUFJO0FBQUEsSUFDWixPQUFPLEtBQUssZUFBTztBQUFBLElBQ25CLFVBQVUsSUFBSTtBQUFBLEVBQ2hCO0FBQ0Y7QUFFQSxJQUFPLHdCQUFROzs7QUNiZixTQUFTLFVBQVUsT0FBTztBQUN4QixNQUFJLE9BQU8sT0FBTztBQUNsQixTQUFRLFFBQVEsWUFBWSxRQUFRLFlBQVksUUFBUSxZQUFZLFFBQVEsWUFDdkUsVUFBVSxjQUNWLFVBQVU7QUFDakI7QUFFQSxJQUFPLG9CQUFROzs7QUNKZixTQUFTLFdBQVcsS0FBSyxLQUFLO0FBQzVCLE1BQUksT0FBTyxJQUFJO0FBQ2YsU0FBTyxrQkFBVSxHQUFHLElBQ2hCLEtBQUssT0FBTyxPQUFPLFdBQVcsV0FBVyxNQUFNLElBQy9DLEtBQUs7QUFDWDtBQUVBLElBQU8scUJBQVE7OztBQ05mLFNBQVMsZUFBZSxLQUFLO0FBQzNCLE1BQUksU0FBUyxtQkFBVyxNQUFNLEdBQUcsRUFBRSxRQUFRLEVBQUUsR0FBRztBQUNoRCxPQUFLLFFBQVEsU0FBUyxJQUFJO0FBQzFCLFNBQU87QUFDVDtBQUVBLElBQU8seUJBQVE7OztBQ05mLFNBQVMsWUFBWSxLQUFLO0FBQ3hCLFNBQU8sbUJBQVcsTUFBTSxHQUFHLEVBQUUsSUFBSSxHQUFHO0FBQ3RDO0FBRUEsSUFBTyxzQkFBUTs7O0FDSmYsU0FBUyxZQUFZLEtBQUs7QUFDeEIsU0FBTyxtQkFBVyxNQUFNLEdBQUcsRUFBRSxJQUFJLEdBQUc7QUFDdEM7QUFFQSxJQUFPLHNCQUFROzs7QUNIZixTQUFTLFlBQVksS0FBSyxPQUFPO0FBQy9CLE1BQUksT0FBTyxtQkFBVyxNQUFNLEdBQUcsR0FDM0IsT0FBTyxLQUFLO0FBRWhCLE9BQUssSUFBSSxLQUFLLEtBQUs7QUFDbkIsT0FBSyxRQUFRLEtBQUssUUFBUSxPQUFPLElBQUk7QUFDckMsU0FBTztBQUNUO0FBRUEsSUFBTyxzQkFBUTs7O0FDUmYsU0FBUyxTQUFTLFNBQVM7QUFDekIsTUFBSSxRQUFRLElBQ1IsU0FBUyxXQUFXLE9BQU8sSUFBSSxRQUFRO0FBRTNDLE9BQUssTUFBTTtBQUNYLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxRQUFRLFFBQVEsS0FBSztBQUN6QixTQUFLLElBQUksTUFBTSxDQUFDLEdBQUcsTUFBTSxDQUFDLENBQUM7QUFBQSxFQUM3QjtBQUNGO0FBR0EsU0FBUyxVQUFVLFFBQVE7QUFDM0IsU0FBUyxVQUFVLFFBQVEsSUFBSTtBQUMvQixTQUFTLFVBQVUsTUFBTTtBQUN6QixTQUFTLFVBQVUsTUFBTTtBQUN6QixTQUFTLFVBQVUsTUFBTTtBQUV6QixJQUFPLG1CQUFROzs7QUM1QmYsSUFBSSxrQkFBa0I7QUE4Q3RCLFNBQVMsUUFBUSxNQUFNLFVBQVU7QUFDL0IsTUFBSSxPQUFPLFFBQVEsY0FBZSxZQUFZLFFBQVEsT0FBTyxZQUFZLFlBQWE7QUFDcEYsVUFBTSxJQUFJLFVBQVUsZUFBZTtBQUFBLEVBQ3JDO0FBQ0EsTUFBSSxXQUFXLFdBQVc7QUFDeEIsUUFBSSxPQUFPLFdBQ1AsTUFBTSxXQUFXLFNBQVMsTUFBTSxNQUFNLElBQUksSUFBSSxLQUFLLENBQUMsR0FDcEQsUUFBUSxTQUFTO0FBRXJCLFFBQUksTUFBTSxJQUFJLEdBQUcsR0FBRztBQUNsQixhQUFPLE1BQU0sSUFBSSxHQUFHO0FBQUEsSUFDdEI7QUFDQSxRQUFJLFNBQVMsS0FBSyxNQUFNLE1BQU0sSUFBSTtBQUNsQyxhQUFTLFFBQVEsTUFBTSxJQUFJLEtBQUssTUFBTSxLQUFLO0FBQzNDLFdBQU87QUFBQSxFQUNUO0FBQ0EsV0FBUyxRQUFRLEtBQUssUUFBUSxTQUFTO0FBQ3ZDLFNBQU87QUFDVDtBQUdBLFFBQVEsUUFBUTtBQUVoQixJQUFPLGtCQUFROzs7QUNyRWYsSUFBSSxtQkFBbUI7QUFVdkIsU0FBUyxjQUFjLE1BQU07QUFDM0IsTUFBSSxTQUFTLGdCQUFRLE1BQU0sU0FBUyxLQUFLO0FBQ3ZDLFFBQUksTUFBTSxTQUFTLGtCQUFrQjtBQUNuQyxZQUFNLE1BQU07QUFBQSxJQUNkO0FBQ0EsV0FBTztBQUFBLEVBQ1QsQ0FBQztBQUVELE1BQUksUUFBUSxPQUFPO0FBQ25CLFNBQU87QUFDVDtBQUVBLElBQU8sd0JBQVE7OztBQ3RCZixJQUFJLGFBQWE7QUFHakIsSUFBSSxlQUFlO0FBU25CLElBQUksZUFBZSxzQkFBYyxTQUFTLFFBQVE7QUFDaEQsTUFBSSxTQUFTLENBQUM7QUFDZCxNQUFJLE9BQU8sV0FBVyxDQUFDLE1BQU0sSUFBWTtBQUN2QyxXQUFPLEtBQUssRUFBRTtBQUFBLEVBQ2hCO0FBQ0EsU0FBTyxRQUFRLFlBQVksU0FBUyxPQUFPLFFBQVEsT0FBTyxXQUFXO0FBQ25FLFdBQU8sS0FBSyxRQUFRLFVBQVUsUUFBUSxjQUFjLElBQUksSUFBSyxVQUFVLEtBQU07QUFBQSxFQUMvRSxDQUFDO0FBQ0QsU0FBTztBQUNULENBQUM7QUFFRCxJQUFPLHVCQUFROzs7QUNIZixTQUFTLFNBQVMsT0FBTztBQUN2QixTQUFPLFNBQVMsT0FBTyxLQUFLLHFCQUFhLEtBQUs7QUFDaEQ7QUFFQSxJQUFPLG1CQUFROzs7QUNkZixTQUFTLFNBQVMsT0FBTyxRQUFRO0FBQy9CLE1BQUksZ0JBQVEsS0FBSyxHQUFHO0FBQ2xCLFdBQU87QUFBQSxFQUNUO0FBQ0EsU0FBTyxjQUFNLE9BQU8sTUFBTSxJQUFJLENBQUMsS0FBSyxJQUFJLHFCQUFhLGlCQUFTLEtBQUssQ0FBQztBQUN0RTtBQUVBLElBQU8sbUJBQVE7OztBQ2pCZixJQUFJQyxZQUFXLElBQUk7QUFTbkIsU0FBUyxNQUFNLE9BQU87QUFDcEIsTUFBSSxPQUFPLFNBQVMsWUFBWSxpQkFBUyxLQUFLLEdBQUc7QUFDL0MsV0FBTztBQUFBLEVBQ1Q7QUFDQSxNQUFJLFNBQVUsUUFBUTtBQUN0QixTQUFRLFVBQVUsT0FBUSxJQUFJLFNBQVUsQ0FBQ0EsWUFBWSxPQUFPO0FBQzlEO0FBRUEsSUFBTyxnQkFBUTs7O0FDVGYsU0FBUyxRQUFRLFFBQVEsTUFBTTtBQUM3QixTQUFPLGlCQUFTLE1BQU0sTUFBTTtBQUU1QixNQUFJLFFBQVEsR0FDUixTQUFTLEtBQUs7QUFFbEIsU0FBTyxVQUFVLFFBQVEsUUFBUSxRQUFRO0FBQ3ZDLGFBQVMsT0FBTyxjQUFNLEtBQUssT0FBTyxDQUFDLENBQUM7QUFBQSxFQUN0QztBQUNBLFNBQVEsU0FBUyxTQUFTLFNBQVUsU0FBUztBQUMvQztBQUVBLElBQU8sa0JBQVE7OztBQ0lmLFNBQVMsSUFBSSxRQUFRLE1BQU0sY0FBYztBQUN2QyxNQUFJLFNBQVMsVUFBVSxPQUFPLFNBQVksZ0JBQVEsUUFBUSxJQUFJO0FBQzlELFNBQU8sV0FBVyxTQUFZLGVBQWU7QUFDL0M7QUFFQSxJQUFPLGNBQVE7OztBQ3hCZixTQUFTLFVBQVUsT0FBTyxRQUFRO0FBQ2hDLE1BQUksUUFBUSxJQUNSLFNBQVMsT0FBTyxRQUNoQixTQUFTLE1BQU07QUFFbkIsU0FBTyxFQUFFLFFBQVEsUUFBUTtBQUN2QixVQUFNLFNBQVMsS0FBSyxJQUFJLE9BQU8sS0FBSztBQUFBLEVBQ3RDO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyxvQkFBUTs7O0FDZGYsSUFBSSxtQkFBbUIsaUJBQVMsZUFBTyxxQkFBcUI7QUFTNUQsU0FBUyxjQUFjLE9BQU87QUFDNUIsU0FBTyxnQkFBUSxLQUFLLEtBQUssb0JBQVksS0FBSyxLQUN4QyxDQUFDLEVBQUUsb0JBQW9CLFNBQVMsTUFBTSxnQkFBZ0I7QUFDMUQ7QUFFQSxJQUFPLHdCQUFROzs7QUNMZixTQUFTLFlBQVksT0FBTyxPQUFPLFdBQVcsVUFBVSxRQUFRO0FBQzlELE1BQUksUUFBUSxJQUNSLFNBQVMsTUFBTTtBQUVuQixnQkFBYyxZQUFZO0FBQzFCLGFBQVcsU0FBUyxDQUFDO0FBRXJCLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxRQUFRLE1BQU0sS0FBSztBQUN2QixRQUFJLFFBQVEsS0FBSyxVQUFVLEtBQUssR0FBRztBQUNqQyxVQUFJLFFBQVEsR0FBRztBQUViLG9CQUFZLE9BQU8sUUFBUSxHQUFHLFdBQVcsVUFBVSxNQUFNO0FBQUEsTUFDM0QsT0FBTztBQUNMLDBCQUFVLFFBQVEsS0FBSztBQUFBLE1BQ3pCO0FBQUEsSUFDRixXQUFXLENBQUMsVUFBVTtBQUNwQixhQUFPLE9BQU8sTUFBTSxJQUFJO0FBQUEsSUFDMUI7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyxzQkFBUTs7O0FDNUJmLFNBQVMsYUFBYTtBQUNwQixPQUFLLFdBQVcsSUFBSTtBQUNwQixPQUFLLE9BQU87QUFDZDtBQUVBLElBQU8scUJBQVE7OztBQ0xmLFNBQVMsWUFBWSxLQUFLO0FBQ3hCLE1BQUksT0FBTyxLQUFLLFVBQ1osU0FBUyxLQUFLLFFBQVEsRUFBRSxHQUFHO0FBRS9CLE9BQUssT0FBTyxLQUFLO0FBQ2pCLFNBQU87QUFDVDtBQUVBLElBQU8sc0JBQVE7OztBQ1JmLFNBQVMsU0FBUyxLQUFLO0FBQ3JCLFNBQU8sS0FBSyxTQUFTLElBQUksR0FBRztBQUM5QjtBQUVBLElBQU8sbUJBQVE7OztBQ0pmLFNBQVMsU0FBUyxLQUFLO0FBQ3JCLFNBQU8sS0FBSyxTQUFTLElBQUksR0FBRztBQUM5QjtBQUVBLElBQU8sbUJBQVE7OztBQ1JmLElBQUksbUJBQW1CO0FBWXZCLFNBQVMsU0FBUyxLQUFLLE9BQU87QUFDNUIsTUFBSSxPQUFPLEtBQUs7QUFDaEIsTUFBSSxnQkFBZ0IsbUJBQVc7QUFDN0IsUUFBSSxRQUFRLEtBQUs7QUFDakIsUUFBSSxDQUFDLGVBQVEsTUFBTSxTQUFTLG1CQUFtQixHQUFJO0FBQ2pELFlBQU0sS0FBSyxDQUFDLEtBQUssS0FBSyxDQUFDO0FBQ3ZCLFdBQUssT0FBTyxFQUFFLEtBQUs7QUFDbkIsYUFBTztBQUFBLElBQ1Q7QUFDQSxXQUFPLEtBQUssV0FBVyxJQUFJLGlCQUFTLEtBQUs7QUFBQSxFQUMzQztBQUNBLE9BQUssSUFBSSxLQUFLLEtBQUs7QUFDbkIsT0FBSyxPQUFPLEtBQUs7QUFDakIsU0FBTztBQUNUO0FBRUEsSUFBTyxtQkFBUTs7O0FDbkJmLFNBQVMsTUFBTSxTQUFTO0FBQ3RCLE1BQUksT0FBTyxLQUFLLFdBQVcsSUFBSSxrQkFBVSxPQUFPO0FBQ2hELE9BQUssT0FBTyxLQUFLO0FBQ25CO0FBR0EsTUFBTSxVQUFVLFFBQVE7QUFDeEIsTUFBTSxVQUFVLFFBQVEsSUFBSTtBQUM1QixNQUFNLFVBQVUsTUFBTTtBQUN0QixNQUFNLFVBQVUsTUFBTTtBQUN0QixNQUFNLFVBQVUsTUFBTTtBQUV0QixJQUFPLGdCQUFROzs7QUNqQmYsU0FBUyxZQUFZLE9BQU8sV0FBVztBQUNyQyxNQUFJLFFBQVEsSUFDUixTQUFTLFNBQVMsT0FBTyxJQUFJLE1BQU0sUUFDbkMsV0FBVyxHQUNYLFNBQVMsQ0FBQztBQUVkLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxRQUFRLE1BQU0sS0FBSztBQUN2QixRQUFJLFVBQVUsT0FBTyxPQUFPLEtBQUssR0FBRztBQUNsQyxhQUFPLFVBQVUsSUFBSTtBQUFBLElBQ3ZCO0FBQUEsRUFDRjtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sc0JBQVE7OztBQ05mLFNBQVMsWUFBWTtBQUNuQixTQUFPLENBQUM7QUFDVjtBQUVBLElBQU8sb0JBQVE7OztBQ2xCZixJQUFJQyxnQkFBYyxPQUFPO0FBR3pCLElBQUlDLHdCQUF1QkQsY0FBWTtBQUd2QyxJQUFJLG1CQUFtQixPQUFPO0FBUzlCLElBQUksYUFBYSxDQUFDLG1CQUFtQixvQkFBWSxTQUFTLFFBQVE7QUFDaEUsTUFBSSxVQUFVLE1BQU07QUFDbEIsV0FBTyxDQUFDO0FBQUEsRUFDVjtBQUNBLFdBQVMsT0FBTyxNQUFNO0FBQ3RCLFNBQU8sb0JBQVksaUJBQWlCLE1BQU0sR0FBRyxTQUFTLFFBQVE7QUFDNUQsV0FBT0Msc0JBQXFCLEtBQUssUUFBUSxNQUFNO0FBQUEsRUFDakQsQ0FBQztBQUNIO0FBRUEsSUFBTyxxQkFBUTs7O0FDZmYsU0FBUyxlQUFlLFFBQVEsVUFBVSxhQUFhO0FBQ3JELE1BQUksU0FBUyxTQUFTLE1BQU07QUFDNUIsU0FBTyxnQkFBUSxNQUFNLElBQUksU0FBUyxrQkFBVSxRQUFRLFlBQVksTUFBTSxDQUFDO0FBQ3pFO0FBRUEsSUFBTyx5QkFBUTs7O0FDUmYsU0FBUyxXQUFXLFFBQVE7QUFDMUIsU0FBTyx1QkFBZSxRQUFRLGNBQU0sa0JBQVU7QUFDaEQ7QUFFQSxJQUFPLHFCQUFROzs7QUNYZixJQUFJLFdBQVcsa0JBQVUsY0FBTSxVQUFVO0FBRXpDLElBQU8sbUJBQVE7OztBQ0ZmLElBQUlDLFdBQVUsa0JBQVUsY0FBTSxTQUFTO0FBRXZDLElBQU8sa0JBQVFBOzs7QUNGZixJQUFJLE1BQU0sa0JBQVUsY0FBTSxLQUFLO0FBRS9CLElBQU8sY0FBUTs7O0FDR2YsSUFBSUMsVUFBUztBQUFiLElBQ0lDLGFBQVk7QUFEaEIsSUFFSSxhQUFhO0FBRmpCLElBR0lDLFVBQVM7QUFIYixJQUlJQyxjQUFhO0FBRWpCLElBQUlDLGVBQWM7QUFHbEIsSUFBSSxxQkFBcUIsaUJBQVMsZ0JBQVE7QUFBMUMsSUFDSSxnQkFBZ0IsaUJBQVMsV0FBRztBQURoQyxJQUVJLG9CQUFvQixpQkFBUyxlQUFPO0FBRnhDLElBR0ksZ0JBQWdCLGlCQUFTLFdBQUc7QUFIaEMsSUFJSSxvQkFBb0IsaUJBQVMsZUFBTztBQVN4QyxJQUFJLFNBQVM7QUFHYixJQUFLLG9CQUFZLE9BQU8sSUFBSSxpQkFBUyxJQUFJLFlBQVksQ0FBQyxDQUFDLENBQUMsS0FBS0EsZ0JBQ3hELGVBQU8sT0FBTyxJQUFJLGFBQUcsS0FBS0osV0FDMUIsbUJBQVcsT0FBTyxnQkFBUSxRQUFRLENBQUMsS0FBSyxjQUN4QyxlQUFPLE9BQU8sSUFBSSxhQUFHLEtBQUtFLFdBQzFCLG1CQUFXLE9BQU8sSUFBSSxpQkFBTyxLQUFLQyxhQUFhO0FBQ2xELFdBQVMsU0FBUyxPQUFPO0FBQ3ZCLFFBQUksU0FBUyxtQkFBVyxLQUFLLEdBQ3pCLE9BQU8sVUFBVUYsYUFBWSxNQUFNLGNBQWMsUUFDakQsYUFBYSxPQUFPLGlCQUFTLElBQUksSUFBSTtBQUV6QyxRQUFJLFlBQVk7QUFDZCxjQUFRLFlBQVk7QUFBQSxRQUNsQixLQUFLO0FBQW9CLGlCQUFPRztBQUFBLFFBQ2hDLEtBQUs7QUFBZSxpQkFBT0o7QUFBQSxRQUMzQixLQUFLO0FBQW1CLGlCQUFPO0FBQUEsUUFDL0IsS0FBSztBQUFlLGlCQUFPRTtBQUFBLFFBQzNCLEtBQUs7QUFBbUIsaUJBQU9DO0FBQUEsTUFDakM7QUFBQSxJQUNGO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFDRjtBQUVBLElBQU8saUJBQVE7OztBQ3REZixJQUFJLGFBQWEsYUFBSztBQUV0QixJQUFPLHFCQUFROzs7QUNKZixJQUFJRSxrQkFBaUI7QUFZckIsU0FBUyxZQUFZLE9BQU87QUFDMUIsT0FBSyxTQUFTLElBQUksT0FBT0EsZUFBYztBQUN2QyxTQUFPO0FBQ1Q7QUFFQSxJQUFPLHNCQUFROzs7QUNUZixTQUFTLFlBQVksT0FBTztBQUMxQixTQUFPLEtBQUssU0FBUyxJQUFJLEtBQUs7QUFDaEM7QUFFQSxJQUFPLHNCQUFROzs7QUNEZixTQUFTLFNBQVMsUUFBUTtBQUN4QixNQUFJLFFBQVEsSUFDUixTQUFTLFVBQVUsT0FBTyxJQUFJLE9BQU87QUFFekMsT0FBSyxXQUFXLElBQUk7QUFDcEIsU0FBTyxFQUFFLFFBQVEsUUFBUTtBQUN2QixTQUFLLElBQUksT0FBTyxLQUFLLENBQUM7QUFBQSxFQUN4QjtBQUNGO0FBR0EsU0FBUyxVQUFVLE1BQU0sU0FBUyxVQUFVLE9BQU87QUFDbkQsU0FBUyxVQUFVLE1BQU07QUFFekIsSUFBTyxtQkFBUTs7O0FDaEJmLFNBQVMsVUFBVSxPQUFPLFdBQVc7QUFDbkMsTUFBSSxRQUFRLElBQ1IsU0FBUyxTQUFTLE9BQU8sSUFBSSxNQUFNO0FBRXZDLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxVQUFVLE1BQU0sS0FBSyxHQUFHLE9BQU8sS0FBSyxHQUFHO0FBQ3pDLGFBQU87QUFBQSxJQUNUO0FBQUEsRUFDRjtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sb0JBQVE7OztBQ2RmLFNBQVMsU0FBUyxPQUFPLEtBQUs7QUFDNUIsU0FBTyxNQUFNLElBQUksR0FBRztBQUN0QjtBQUVBLElBQU8sbUJBQVE7OztBQ1BmLElBQUksdUJBQXVCO0FBQTNCLElBQ0kseUJBQXlCO0FBZTdCLFNBQVMsWUFBWSxPQUFPLE9BQU8sU0FBUyxZQUFZLFdBQVcsT0FBTztBQUN4RSxNQUFJLFlBQVksVUFBVSxzQkFDdEIsWUFBWSxNQUFNLFFBQ2xCLFlBQVksTUFBTTtBQUV0QixNQUFJLGFBQWEsYUFBYSxFQUFFLGFBQWEsWUFBWSxZQUFZO0FBQ25FLFdBQU87QUFBQSxFQUNUO0FBRUEsTUFBSSxhQUFhLE1BQU0sSUFBSSxLQUFLO0FBQ2hDLE1BQUksYUFBYSxNQUFNLElBQUksS0FBSztBQUNoQyxNQUFJLGNBQWMsWUFBWTtBQUM1QixXQUFPLGNBQWMsU0FBUyxjQUFjO0FBQUEsRUFDOUM7QUFDQSxNQUFJLFFBQVEsSUFDUixTQUFTLE1BQ1QsT0FBUSxVQUFVLHlCQUEwQixJQUFJLHFCQUFXO0FBRS9ELFFBQU0sSUFBSSxPQUFPLEtBQUs7QUFDdEIsUUFBTSxJQUFJLE9BQU8sS0FBSztBQUd0QixTQUFPLEVBQUUsUUFBUSxXQUFXO0FBQzFCLFFBQUksV0FBVyxNQUFNLEtBQUssR0FDdEIsV0FBVyxNQUFNLEtBQUs7QUFFMUIsUUFBSSxZQUFZO0FBQ2QsVUFBSSxXQUFXLFlBQ1gsV0FBVyxVQUFVLFVBQVUsT0FBTyxPQUFPLE9BQU8sS0FBSyxJQUN6RCxXQUFXLFVBQVUsVUFBVSxPQUFPLE9BQU8sT0FBTyxLQUFLO0FBQUEsSUFDL0Q7QUFDQSxRQUFJLGFBQWEsUUFBVztBQUMxQixVQUFJLFVBQVU7QUFDWjtBQUFBLE1BQ0Y7QUFDQSxlQUFTO0FBQ1Q7QUFBQSxJQUNGO0FBRUEsUUFBSSxNQUFNO0FBQ1IsVUFBSSxDQUFDLGtCQUFVLE9BQU8sU0FBU0MsV0FBVSxVQUFVO0FBQzdDLFlBQUksQ0FBQyxpQkFBUyxNQUFNLFFBQVEsTUFDdkIsYUFBYUEsYUFBWSxVQUFVLFVBQVVBLFdBQVUsU0FBUyxZQUFZLEtBQUssSUFBSTtBQUN4RixpQkFBTyxLQUFLLEtBQUssUUFBUTtBQUFBLFFBQzNCO0FBQUEsTUFDRixDQUFDLEdBQUc7QUFDTixpQkFBUztBQUNUO0FBQUEsTUFDRjtBQUFBLElBQ0YsV0FBVyxFQUNMLGFBQWEsWUFDWCxVQUFVLFVBQVUsVUFBVSxTQUFTLFlBQVksS0FBSyxJQUN6RDtBQUNMLGVBQVM7QUFDVDtBQUFBLElBQ0Y7QUFBQSxFQUNGO0FBQ0EsUUFBTSxRQUFRLEVBQUUsS0FBSztBQUNyQixRQUFNLFFBQVEsRUFBRSxLQUFLO0FBQ3JCLFNBQU87QUFDVDtBQUVBLElBQU8sc0JBQVE7OztBQzVFZixTQUFTLFdBQVcsS0FBSztBQUN2QixNQUFJLFFBQVEsSUFDUixTQUFTLE1BQU0sSUFBSSxJQUFJO0FBRTNCLE1BQUksUUFBUSxTQUFTLE9BQU8sS0FBSztBQUMvQixXQUFPLEVBQUUsS0FBSyxJQUFJLENBQUMsS0FBSyxLQUFLO0FBQUEsRUFDL0IsQ0FBQztBQUNELFNBQU87QUFDVDtBQUVBLElBQU8scUJBQVE7OztBQ1ZmLFNBQVMsV0FBVyxLQUFLO0FBQ3ZCLE1BQUksUUFBUSxJQUNSLFNBQVMsTUFBTSxJQUFJLElBQUk7QUFFM0IsTUFBSSxRQUFRLFNBQVMsT0FBTztBQUMxQixXQUFPLEVBQUUsS0FBSyxJQUFJO0FBQUEsRUFDcEIsQ0FBQztBQUNELFNBQU87QUFDVDtBQUVBLElBQU8scUJBQVE7OztBQ1RmLElBQUlDLHdCQUF1QjtBQUEzQixJQUNJQywwQkFBeUI7QUFHN0IsSUFBSUMsV0FBVTtBQUFkLElBQ0lDLFdBQVU7QUFEZCxJQUVJQyxZQUFXO0FBRmYsSUFHSUMsVUFBUztBQUhiLElBSUlDLGFBQVk7QUFKaEIsSUFLSUMsYUFBWTtBQUxoQixJQU1JQyxVQUFTO0FBTmIsSUFPSUMsYUFBWTtBQVBoQixJQVFJQyxhQUFZO0FBRWhCLElBQUlDLGtCQUFpQjtBQUFyQixJQUNJQyxlQUFjO0FBR2xCLElBQUlDLGVBQWMsaUJBQVMsZUFBTyxZQUFZO0FBQTlDLElBQ0ksZ0JBQWdCQSxlQUFjQSxhQUFZLFVBQVU7QUFtQnhELFNBQVMsV0FBVyxRQUFRLE9BQU8sS0FBSyxTQUFTLFlBQVksV0FBVyxPQUFPO0FBQzdFLFVBQVEsS0FBSztBQUFBLElBQ1gsS0FBS0Q7QUFDSCxVQUFLLE9BQU8sY0FBYyxNQUFNLGNBQzNCLE9BQU8sY0FBYyxNQUFNLFlBQWE7QUFDM0MsZUFBTztBQUFBLE1BQ1Q7QUFDQSxlQUFTLE9BQU87QUFDaEIsY0FBUSxNQUFNO0FBQUEsSUFFaEIsS0FBS0Q7QUFDSCxVQUFLLE9BQU8sY0FBYyxNQUFNLGNBQzVCLENBQUMsVUFBVSxJQUFJLG1CQUFXLE1BQU0sR0FBRyxJQUFJLG1CQUFXLEtBQUssQ0FBQyxHQUFHO0FBQzdELGVBQU87QUFBQSxNQUNUO0FBQ0EsYUFBTztBQUFBLElBRVQsS0FBS1Q7QUFBQSxJQUNMLEtBQUtDO0FBQUEsSUFDTCxLQUFLRztBQUdILGFBQU8sV0FBRyxDQUFDLFFBQVEsQ0FBQyxLQUFLO0FBQUEsSUFFM0IsS0FBS0Y7QUFDSCxhQUFPLE9BQU8sUUFBUSxNQUFNLFFBQVEsT0FBTyxXQUFXLE1BQU07QUFBQSxJQUU5RCxLQUFLRztBQUFBLElBQ0wsS0FBS0U7QUFJSCxhQUFPLFVBQVcsUUFBUTtBQUFBLElBRTVCLEtBQUtKO0FBQ0gsVUFBSSxVQUFVO0FBQUEsSUFFaEIsS0FBS0c7QUFDSCxVQUFJLFlBQVksVUFBVVI7QUFDMUIsa0JBQVksVUFBVTtBQUV0QixVQUFJLE9BQU8sUUFBUSxNQUFNLFFBQVEsQ0FBQyxXQUFXO0FBQzNDLGVBQU87QUFBQSxNQUNUO0FBRUEsVUFBSSxVQUFVLE1BQU0sSUFBSSxNQUFNO0FBQzlCLFVBQUksU0FBUztBQUNYLGVBQU8sV0FBVztBQUFBLE1BQ3BCO0FBQ0EsaUJBQVdDO0FBR1gsWUFBTSxJQUFJLFFBQVEsS0FBSztBQUN2QixVQUFJLFNBQVMsb0JBQVksUUFBUSxNQUFNLEdBQUcsUUFBUSxLQUFLLEdBQUcsU0FBUyxZQUFZLFdBQVcsS0FBSztBQUMvRixZQUFNLFFBQVEsRUFBRSxNQUFNO0FBQ3RCLGFBQU87QUFBQSxJQUVULEtBQUtTO0FBQ0gsVUFBSSxlQUFlO0FBQ2pCLGVBQU8sY0FBYyxLQUFLLE1BQU0sS0FBSyxjQUFjLEtBQUssS0FBSztBQUFBLE1BQy9EO0FBQUEsRUFDSjtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8scUJBQVE7OztBQzVHZixJQUFJSSx3QkFBdUI7QUFHM0IsSUFBSUMsZ0JBQWMsT0FBTztBQUd6QixJQUFJQyxrQkFBaUJELGNBQVk7QUFlakMsU0FBUyxhQUFhLFFBQVEsT0FBTyxTQUFTLFlBQVksV0FBVyxPQUFPO0FBQzFFLE1BQUksWUFBWSxVQUFVRCx1QkFDdEIsV0FBVyxtQkFBVyxNQUFNLEdBQzVCLFlBQVksU0FBUyxRQUNyQixXQUFXLG1CQUFXLEtBQUssR0FDM0IsWUFBWSxTQUFTO0FBRXpCLE1BQUksYUFBYSxhQUFhLENBQUMsV0FBVztBQUN4QyxXQUFPO0FBQUEsRUFDVDtBQUNBLE1BQUksUUFBUTtBQUNaLFNBQU8sU0FBUztBQUNkLFFBQUksTUFBTSxTQUFTLEtBQUs7QUFDeEIsUUFBSSxFQUFFLFlBQVksT0FBTyxRQUFRRSxnQkFBZSxLQUFLLE9BQU8sR0FBRyxJQUFJO0FBQ2pFLGFBQU87QUFBQSxJQUNUO0FBQUEsRUFDRjtBQUVBLE1BQUksYUFBYSxNQUFNLElBQUksTUFBTTtBQUNqQyxNQUFJLGFBQWEsTUFBTSxJQUFJLEtBQUs7QUFDaEMsTUFBSSxjQUFjLFlBQVk7QUFDNUIsV0FBTyxjQUFjLFNBQVMsY0FBYztBQUFBLEVBQzlDO0FBQ0EsTUFBSSxTQUFTO0FBQ2IsUUFBTSxJQUFJLFFBQVEsS0FBSztBQUN2QixRQUFNLElBQUksT0FBTyxNQUFNO0FBRXZCLE1BQUksV0FBVztBQUNmLFNBQU8sRUFBRSxRQUFRLFdBQVc7QUFDMUIsVUFBTSxTQUFTLEtBQUs7QUFDcEIsUUFBSSxXQUFXLE9BQU8sR0FBRyxHQUNyQixXQUFXLE1BQU0sR0FBRztBQUV4QixRQUFJLFlBQVk7QUFDZCxVQUFJLFdBQVcsWUFDWCxXQUFXLFVBQVUsVUFBVSxLQUFLLE9BQU8sUUFBUSxLQUFLLElBQ3hELFdBQVcsVUFBVSxVQUFVLEtBQUssUUFBUSxPQUFPLEtBQUs7QUFBQSxJQUM5RDtBQUVBLFFBQUksRUFBRSxhQUFhLFNBQ1YsYUFBYSxZQUFZLFVBQVUsVUFBVSxVQUFVLFNBQVMsWUFBWSxLQUFLLElBQ2xGLFdBQ0Q7QUFDTCxlQUFTO0FBQ1Q7QUFBQSxJQUNGO0FBQ0EsaUJBQWEsV0FBVyxPQUFPO0FBQUEsRUFDakM7QUFDQSxNQUFJLFVBQVUsQ0FBQyxVQUFVO0FBQ3ZCLFFBQUksVUFBVSxPQUFPLGFBQ2pCLFVBQVUsTUFBTTtBQUdwQixRQUFJLFdBQVcsWUFDVixpQkFBaUIsVUFBVSxpQkFBaUIsVUFDN0MsRUFBRSxPQUFPLFdBQVcsY0FBYyxtQkFBbUIsV0FDbkQsT0FBTyxXQUFXLGNBQWMsbUJBQW1CLFVBQVU7QUFDakUsZUFBUztBQUFBLElBQ1g7QUFBQSxFQUNGO0FBQ0EsUUFBTSxRQUFRLEVBQUUsTUFBTTtBQUN0QixRQUFNLFFBQVEsRUFBRSxLQUFLO0FBQ3JCLFNBQU87QUFDVDtBQUVBLElBQU8sdUJBQVE7OztBQy9FZixJQUFJQyx3QkFBdUI7QUFHM0IsSUFBSUMsV0FBVTtBQUFkLElBQ0lDLFlBQVc7QUFEZixJQUVJQyxhQUFZO0FBR2hCLElBQUlDLGdCQUFjLE9BQU87QUFHekIsSUFBSUMsa0JBQWlCRCxjQUFZO0FBZ0JqQyxTQUFTLGdCQUFnQixRQUFRLE9BQU8sU0FBUyxZQUFZLFdBQVcsT0FBTztBQUM3RSxNQUFJLFdBQVcsZ0JBQVEsTUFBTSxHQUN6QixXQUFXLGdCQUFRLEtBQUssR0FDeEIsU0FBUyxXQUFXRixZQUFXLGVBQU8sTUFBTSxHQUM1QyxTQUFTLFdBQVdBLFlBQVcsZUFBTyxLQUFLO0FBRS9DLFdBQVMsVUFBVUQsV0FBVUUsYUFBWTtBQUN6QyxXQUFTLFVBQVVGLFdBQVVFLGFBQVk7QUFFekMsTUFBSSxXQUFXLFVBQVVBLFlBQ3JCLFdBQVcsVUFBVUEsWUFDckIsWUFBWSxVQUFVO0FBRTFCLE1BQUksYUFBYSxpQkFBUyxNQUFNLEdBQUc7QUFDakMsUUFBSSxDQUFDLGlCQUFTLEtBQUssR0FBRztBQUNwQixhQUFPO0FBQUEsSUFDVDtBQUNBLGVBQVc7QUFDWCxlQUFXO0FBQUEsRUFDYjtBQUNBLE1BQUksYUFBYSxDQUFDLFVBQVU7QUFDMUIsY0FBVSxRQUFRLElBQUk7QUFDdEIsV0FBUSxZQUFZLHFCQUFhLE1BQU0sSUFDbkMsb0JBQVksUUFBUSxPQUFPLFNBQVMsWUFBWSxXQUFXLEtBQUssSUFDaEUsbUJBQVcsUUFBUSxPQUFPLFFBQVEsU0FBUyxZQUFZLFdBQVcsS0FBSztBQUFBLEVBQzdFO0FBQ0EsTUFBSSxFQUFFLFVBQVVILHdCQUF1QjtBQUNyQyxRQUFJLGVBQWUsWUFBWUssZ0JBQWUsS0FBSyxRQUFRLGFBQWEsR0FDcEUsZUFBZSxZQUFZQSxnQkFBZSxLQUFLLE9BQU8sYUFBYTtBQUV2RSxRQUFJLGdCQUFnQixjQUFjO0FBQ2hDLFVBQUksZUFBZSxlQUFlLE9BQU8sTUFBTSxJQUFJLFFBQy9DLGVBQWUsZUFBZSxNQUFNLE1BQU0sSUFBSTtBQUVsRCxnQkFBVSxRQUFRLElBQUk7QUFDdEIsYUFBTyxVQUFVLGNBQWMsY0FBYyxTQUFTLFlBQVksS0FBSztBQUFBLElBQ3pFO0FBQUEsRUFDRjtBQUNBLE1BQUksQ0FBQyxXQUFXO0FBQ2QsV0FBTztBQUFBLEVBQ1Q7QUFDQSxZQUFVLFFBQVEsSUFBSTtBQUN0QixTQUFPLHFCQUFhLFFBQVEsT0FBTyxTQUFTLFlBQVksV0FBVyxLQUFLO0FBQzFFO0FBRUEsSUFBTywwQkFBUTs7O0FDakVmLFNBQVMsWUFBWSxPQUFPLE9BQU8sU0FBUyxZQUFZLE9BQU87QUFDN0QsTUFBSSxVQUFVLE9BQU87QUFDbkIsV0FBTztBQUFBLEVBQ1Q7QUFDQSxNQUFJLFNBQVMsUUFBUSxTQUFTLFFBQVMsQ0FBQyxxQkFBYSxLQUFLLEtBQUssQ0FBQyxxQkFBYSxLQUFLLEdBQUk7QUFDcEYsV0FBTyxVQUFVLFNBQVMsVUFBVTtBQUFBLEVBQ3RDO0FBQ0EsU0FBTyx3QkFBZ0IsT0FBTyxPQUFPLFNBQVMsWUFBWSxhQUFhLEtBQUs7QUFDOUU7QUFFQSxJQUFPLHNCQUFROzs7QUN2QmYsSUFBSUMsd0JBQXVCO0FBQTNCLElBQ0lDLDBCQUF5QjtBQVk3QixTQUFTLFlBQVksUUFBUSxRQUFRLFdBQVcsWUFBWTtBQUMxRCxNQUFJLFFBQVEsVUFBVSxRQUNsQixTQUFTLE9BQ1QsZUFBZSxDQUFDO0FBRXBCLE1BQUksVUFBVSxNQUFNO0FBQ2xCLFdBQU8sQ0FBQztBQUFBLEVBQ1Y7QUFDQSxXQUFTLE9BQU8sTUFBTTtBQUN0QixTQUFPLFNBQVM7QUFDZCxRQUFJLE9BQU8sVUFBVSxLQUFLO0FBQzFCLFFBQUssZ0JBQWdCLEtBQUssQ0FBQyxJQUNuQixLQUFLLENBQUMsTUFBTSxPQUFPLEtBQUssQ0FBQyxDQUFDLElBQzFCLEVBQUUsS0FBSyxDQUFDLEtBQUssU0FDZjtBQUNKLGFBQU87QUFBQSxJQUNUO0FBQUEsRUFDRjtBQUNBLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsV0FBTyxVQUFVLEtBQUs7QUFDdEIsUUFBSSxNQUFNLEtBQUssQ0FBQyxHQUNaLFdBQVcsT0FBTyxHQUFHLEdBQ3JCLFdBQVcsS0FBSyxDQUFDO0FBRXJCLFFBQUksZ0JBQWdCLEtBQUssQ0FBQyxHQUFHO0FBQzNCLFVBQUksYUFBYSxVQUFhLEVBQUUsT0FBTyxTQUFTO0FBQzlDLGVBQU87QUFBQSxNQUNUO0FBQUEsSUFDRixPQUFPO0FBQ0wsVUFBSSxRQUFRLElBQUk7QUFDaEIsVUFBSSxZQUFZO0FBQ2QsWUFBSSxTQUFTLFdBQVcsVUFBVSxVQUFVLEtBQUssUUFBUSxRQUFRLEtBQUs7QUFBQSxNQUN4RTtBQUNBLFVBQUksRUFBRSxXQUFXLFNBQ1Qsb0JBQVksVUFBVSxVQUFVRCx3QkFBdUJDLHlCQUF3QixZQUFZLEtBQUssSUFDaEcsU0FDRDtBQUNMLGVBQU87QUFBQSxNQUNUO0FBQUEsSUFDRjtBQUFBLEVBQ0Y7QUFDQSxTQUFPO0FBQ1Q7QUFFQSxJQUFPLHNCQUFROzs7QUNuRGYsU0FBUyxtQkFBbUIsT0FBTztBQUNqQyxTQUFPLFVBQVUsU0FBUyxDQUFDLGlCQUFTLEtBQUs7QUFDM0M7QUFFQSxJQUFPLDZCQUFROzs7QUNKZixTQUFTLGFBQWEsUUFBUTtBQUM1QixNQUFJLFNBQVMsYUFBSyxNQUFNLEdBQ3BCLFNBQVMsT0FBTztBQUVwQixTQUFPLFVBQVU7QUFDZixRQUFJLE1BQU0sT0FBTyxNQUFNLEdBQ25CLFFBQVEsT0FBTyxHQUFHO0FBRXRCLFdBQU8sTUFBTSxJQUFJLENBQUMsS0FBSyxPQUFPLDJCQUFtQixLQUFLLENBQUM7QUFBQSxFQUN6RDtBQUNBLFNBQU87QUFDVDtBQUVBLElBQU8sdUJBQVE7OztBQ2RmLFNBQVMsd0JBQXdCLEtBQUssVUFBVTtBQUM5QyxTQUFPLFNBQVMsUUFBUTtBQUN0QixRQUFJLFVBQVUsTUFBTTtBQUNsQixhQUFPO0FBQUEsSUFDVDtBQUNBLFdBQU8sT0FBTyxHQUFHLE1BQU0sYUFDcEIsYUFBYSxVQUFjLE9BQU8sT0FBTyxNQUFNO0FBQUEsRUFDcEQ7QUFDRjtBQUVBLElBQU8sa0NBQVE7OztBQ1JmLFNBQVMsWUFBWSxRQUFRO0FBQzNCLE1BQUksWUFBWSxxQkFBYSxNQUFNO0FBQ25DLE1BQUksVUFBVSxVQUFVLEtBQUssVUFBVSxDQUFDLEVBQUUsQ0FBQyxHQUFHO0FBQzVDLFdBQU8sZ0NBQXdCLFVBQVUsQ0FBQyxFQUFFLENBQUMsR0FBRyxVQUFVLENBQUMsRUFBRSxDQUFDLENBQUM7QUFBQSxFQUNqRTtBQUNBLFNBQU8sU0FBUyxRQUFRO0FBQ3RCLFdBQU8sV0FBVyxVQUFVLG9CQUFZLFFBQVEsUUFBUSxTQUFTO0FBQUEsRUFDbkU7QUFDRjtBQUVBLElBQU8sc0JBQVE7OztBQ2JmLFNBQVMsVUFBVSxRQUFRLEtBQUs7QUFDOUIsU0FBTyxVQUFVLFFBQVEsT0FBTyxPQUFPLE1BQU07QUFDL0M7QUFFQSxJQUFPLG9CQUFROzs7QUNJZixTQUFTLFFBQVEsUUFBUSxNQUFNLFNBQVM7QUFDdEMsU0FBTyxpQkFBUyxNQUFNLE1BQU07QUFFNUIsTUFBSSxRQUFRLElBQ1IsU0FBUyxLQUFLLFFBQ2QsU0FBUztBQUViLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxNQUFNLGNBQU0sS0FBSyxLQUFLLENBQUM7QUFDM0IsUUFBSSxFQUFFLFNBQVMsVUFBVSxRQUFRLFFBQVEsUUFBUSxHQUFHLElBQUk7QUFDdEQ7QUFBQSxJQUNGO0FBQ0EsYUFBUyxPQUFPLEdBQUc7QUFBQSxFQUNyQjtBQUNBLE1BQUksVUFBVSxFQUFFLFNBQVMsUUFBUTtBQUMvQixXQUFPO0FBQUEsRUFDVDtBQUNBLFdBQVMsVUFBVSxPQUFPLElBQUksT0FBTztBQUNyQyxTQUFPLENBQUMsQ0FBQyxVQUFVLGlCQUFTLE1BQU0sS0FBSyxnQkFBUSxLQUFLLE1BQU0sTUFDdkQsZ0JBQVEsTUFBTSxLQUFLLG9CQUFZLE1BQU07QUFDMUM7QUFFQSxJQUFPLGtCQUFROzs7QUNUZixTQUFTLE1BQU0sUUFBUSxNQUFNO0FBQzNCLFNBQU8sVUFBVSxRQUFRLGdCQUFRLFFBQVEsTUFBTSxpQkFBUztBQUMxRDtBQUVBLElBQU8sZ0JBQVE7OztBQ3hCZixJQUFJQyx3QkFBdUI7QUFBM0IsSUFDSUMsMEJBQXlCO0FBVTdCLFNBQVMsb0JBQW9CLE1BQU0sVUFBVTtBQUMzQyxNQUFJLGNBQU0sSUFBSSxLQUFLLDJCQUFtQixRQUFRLEdBQUc7QUFDL0MsV0FBTyxnQ0FBd0IsY0FBTSxJQUFJLEdBQUcsUUFBUTtBQUFBLEVBQ3REO0FBQ0EsU0FBTyxTQUFTLFFBQVE7QUFDdEIsUUFBSSxXQUFXLFlBQUksUUFBUSxJQUFJO0FBQy9CLFdBQVEsYUFBYSxVQUFhLGFBQWEsV0FDM0MsY0FBTSxRQUFRLElBQUksSUFDbEIsb0JBQVksVUFBVSxVQUFVRCx3QkFBdUJDLHVCQUFzQjtBQUFBLEVBQ25GO0FBQ0Y7QUFFQSxJQUFPLDhCQUFROzs7QUN6QmYsU0FBUyxhQUFhLEtBQUs7QUFDekIsU0FBTyxTQUFTLFFBQVE7QUFDdEIsV0FBTyxVQUFVLE9BQU8sU0FBWSxPQUFPLEdBQUc7QUFBQSxFQUNoRDtBQUNGO0FBRUEsSUFBTyx1QkFBUTs7O0FDSmYsU0FBUyxpQkFBaUIsTUFBTTtBQUM5QixTQUFPLFNBQVMsUUFBUTtBQUN0QixXQUFPLGdCQUFRLFFBQVEsSUFBSTtBQUFBLEVBQzdCO0FBQ0Y7QUFFQSxJQUFPLDJCQUFROzs7QUNZZixTQUFTLFNBQVMsTUFBTTtBQUN0QixTQUFPLGNBQU0sSUFBSSxJQUFJLHFCQUFhLGNBQU0sSUFBSSxDQUFDLElBQUkseUJBQWlCLElBQUk7QUFDeEU7QUFFQSxJQUFPLG1CQUFROzs7QUNsQmYsU0FBUyxhQUFhLE9BQU87QUFHM0IsTUFBSSxPQUFPLFNBQVMsWUFBWTtBQUM5QixXQUFPO0FBQUEsRUFDVDtBQUNBLE1BQUksU0FBUyxNQUFNO0FBQ2pCLFdBQU87QUFBQSxFQUNUO0FBQ0EsTUFBSSxPQUFPLFNBQVMsVUFBVTtBQUM1QixXQUFPLGdCQUFRLEtBQUssSUFDaEIsNEJBQW9CLE1BQU0sQ0FBQyxHQUFHLE1BQU0sQ0FBQyxDQUFDLElBQ3RDLG9CQUFZLEtBQUs7QUFBQSxFQUN2QjtBQUNBLFNBQU8saUJBQVMsS0FBSztBQUN2QjtBQUVBLElBQU8sdUJBQVE7OztBQ3BCZixTQUFTLGdCQUFnQixPQUFPLFFBQVEsVUFBVSxhQUFhO0FBQzdELE1BQUksUUFBUSxJQUNSLFNBQVMsU0FBUyxPQUFPLElBQUksTUFBTTtBQUV2QyxTQUFPLEVBQUUsUUFBUSxRQUFRO0FBQ3ZCLFFBQUksUUFBUSxNQUFNLEtBQUs7QUFDdkIsV0FBTyxhQUFhLE9BQU8sU0FBUyxLQUFLLEdBQUcsS0FBSztBQUFBLEVBQ25EO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTywwQkFBUTs7O0FDZGYsU0FBUyxjQUFjLFdBQVc7QUFDaEMsU0FBTyxTQUFTLFFBQVEsVUFBVSxVQUFVO0FBQzFDLFFBQUksUUFBUSxJQUNSLFdBQVcsT0FBTyxNQUFNLEdBQ3hCLFFBQVEsU0FBUyxNQUFNLEdBQ3ZCLFNBQVMsTUFBTTtBQUVuQixXQUFPLFVBQVU7QUFDZixVQUFJLE1BQU0sTUFBTSxZQUFZLFNBQVMsRUFBRSxLQUFLO0FBQzVDLFVBQUksU0FBUyxTQUFTLEdBQUcsR0FBRyxLQUFLLFFBQVEsTUFBTSxPQUFPO0FBQ3BEO0FBQUEsTUFDRjtBQUFBLElBQ0Y7QUFDQSxXQUFPO0FBQUEsRUFDVDtBQUNGO0FBRUEsSUFBTyx3QkFBUTs7O0FDWGYsSUFBSSxVQUFVLHNCQUFjO0FBRTVCLElBQU8sa0JBQVE7OztBQ0pmLFNBQVMsV0FBVyxRQUFRLFVBQVU7QUFDcEMsU0FBTyxVQUFVLGdCQUFRLFFBQVEsVUFBVSxZQUFJO0FBQ2pEO0FBRUEsSUFBTyxxQkFBUTs7O0FDTGYsU0FBUyxlQUFlLFVBQVUsV0FBVztBQUMzQyxTQUFPLFNBQVMsWUFBWSxVQUFVO0FBQ3BDLFFBQUksY0FBYyxNQUFNO0FBQ3RCLGFBQU87QUFBQSxJQUNUO0FBQ0EsUUFBSSxDQUFDLG9CQUFZLFVBQVUsR0FBRztBQUM1QixhQUFPLFNBQVMsWUFBWSxRQUFRO0FBQUEsSUFDdEM7QUFDQSxRQUFJLFNBQVMsV0FBVyxRQUNwQixRQUFRLFlBQVksU0FBUyxJQUM3QixXQUFXLE9BQU8sVUFBVTtBQUVoQyxXQUFRLFlBQVksVUFBVSxFQUFFLFFBQVEsUUFBUztBQUMvQyxVQUFJLFNBQVMsU0FBUyxLQUFLLEdBQUcsT0FBTyxRQUFRLE1BQU0sT0FBTztBQUN4RDtBQUFBLE1BQ0Y7QUFBQSxJQUNGO0FBQ0EsV0FBTztBQUFBLEVBQ1Q7QUFDRjtBQUVBLElBQU8seUJBQVE7OztBQ3BCZixJQUFJLFdBQVcsdUJBQWUsa0JBQVU7QUFFeEMsSUFBTyxtQkFBUTs7O0FDQWYsU0FBUyxlQUFlLFlBQVksUUFBUSxVQUFVLGFBQWE7QUFDakUsbUJBQVMsWUFBWSxTQUFTLE9BQU8sS0FBS0MsYUFBWTtBQUNwRCxXQUFPLGFBQWEsT0FBTyxTQUFTLEtBQUssR0FBR0EsV0FBVTtBQUFBLEVBQ3hELENBQUM7QUFDRCxTQUFPO0FBQ1Q7QUFFQSxJQUFPLHlCQUFROzs7QUNQZixTQUFTLGlCQUFpQixRQUFRLGFBQWE7QUFDN0MsU0FBTyxTQUFTLFlBQVksVUFBVTtBQUNwQyxRQUFJLE9BQU8sZ0JBQVEsVUFBVSxJQUFJLDBCQUFrQix3QkFDL0MsY0FBYyxjQUFjLFlBQVksSUFBSSxDQUFDO0FBRWpELFdBQU8sS0FBSyxZQUFZLFFBQVEscUJBQWEsVUFBVSxDQUFDLEdBQUcsV0FBVztBQUFBLEVBQ3hFO0FBQ0Y7QUFFQSxJQUFPLDJCQUFROzs7QUNYZixTQUFTLFFBQVEsWUFBWSxVQUFVO0FBQ3JDLE1BQUksUUFBUSxJQUNSLFNBQVMsb0JBQVksVUFBVSxJQUFJLE1BQU0sV0FBVyxNQUFNLElBQUksQ0FBQztBQUVuRSxtQkFBUyxZQUFZLFNBQVMsT0FBTyxLQUFLQyxhQUFZO0FBQ3BELFdBQU8sRUFBRSxLQUFLLElBQUksU0FBUyxPQUFPLEtBQUtBLFdBQVU7QUFBQSxFQUNuRCxDQUFDO0FBQ0QsU0FBTztBQUNUO0FBRUEsSUFBTyxrQkFBUTs7O0FDakJmLElBQUlDLGdCQUFjLE9BQU87QUFHekIsSUFBSUMsbUJBQWlCRCxjQUFZO0FBeUJqQyxJQUFJLFVBQVUseUJBQWlCLFNBQVMsUUFBUSxPQUFPLEtBQUs7QUFDMUQsTUFBSUMsaUJBQWUsS0FBSyxRQUFRLEdBQUcsR0FBRztBQUNwQyxXQUFPLEdBQUcsRUFBRSxLQUFLLEtBQUs7QUFBQSxFQUN4QixPQUFPO0FBQ0wsNEJBQWdCLFFBQVEsS0FBSyxDQUFDLEtBQUssQ0FBQztBQUFBLEVBQ3RDO0FBQ0YsQ0FBQztBQUVELElBQU8sa0JBQVE7OztBQy9CZixTQUFTLFFBQVEsT0FBTyxVQUFVO0FBQ2hDLE1BQUksUUFDQSxRQUFRLElBQ1IsU0FBUyxNQUFNO0FBRW5CLFNBQU8sRUFBRSxRQUFRLFFBQVE7QUFDdkIsUUFBSSxVQUFVLFNBQVMsTUFBTSxLQUFLLENBQUM7QUFDbkMsUUFBSSxZQUFZLFFBQVc7QUFDekIsZUFBUyxXQUFXLFNBQVksVUFBVyxTQUFTO0FBQUEsSUFDdEQ7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyxrQkFBUTs7O0FDYmYsU0FBUyxXQUFXLE9BQU8sVUFBVTtBQUNuQyxNQUFJLFNBQVMsTUFBTTtBQUVuQixRQUFNLEtBQUssUUFBUTtBQUNuQixTQUFPLFVBQVU7QUFDZixVQUFNLE1BQU0sSUFBSSxNQUFNLE1BQU0sRUFBRTtBQUFBLEVBQ2hDO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTyxxQkFBUTs7O0FDVmYsU0FBUyxpQkFBaUIsT0FBTyxPQUFPO0FBQ3RDLE1BQUksVUFBVSxPQUFPO0FBQ25CLFFBQUksZUFBZSxVQUFVLFFBQ3pCLFlBQVksVUFBVSxNQUN0QixpQkFBaUIsVUFBVSxPQUMzQixjQUFjLGlCQUFTLEtBQUs7QUFFaEMsUUFBSSxlQUFlLFVBQVUsUUFDekIsWUFBWSxVQUFVLE1BQ3RCLGlCQUFpQixVQUFVLE9BQzNCLGNBQWMsaUJBQVMsS0FBSztBQUVoQyxRQUFLLENBQUMsYUFBYSxDQUFDLGVBQWUsQ0FBQyxlQUFlLFFBQVEsU0FDdEQsZUFBZSxnQkFBZ0Isa0JBQWtCLENBQUMsYUFBYSxDQUFDLGVBQ2hFLGFBQWEsZ0JBQWdCLGtCQUM3QixDQUFDLGdCQUFnQixrQkFDbEIsQ0FBQyxnQkFBZ0I7QUFDbkIsYUFBTztBQUFBLElBQ1Q7QUFDQSxRQUFLLENBQUMsYUFBYSxDQUFDLGVBQWUsQ0FBQyxlQUFlLFFBQVEsU0FDdEQsZUFBZSxnQkFBZ0Isa0JBQWtCLENBQUMsYUFBYSxDQUFDLGVBQ2hFLGFBQWEsZ0JBQWdCLGtCQUM3QixDQUFDLGdCQUFnQixrQkFDbEIsQ0FBQyxnQkFBZ0I7QUFDbkIsYUFBTztBQUFBLElBQ1Q7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUO0FBRUEsSUFBTywyQkFBUTs7O0FDeEJmLFNBQVMsZ0JBQWdCLFFBQVEsT0FBTyxRQUFRO0FBQzlDLE1BQUksUUFBUSxJQUNSLGNBQWMsT0FBTyxVQUNyQixjQUFjLE1BQU0sVUFDcEIsU0FBUyxZQUFZLFFBQ3JCLGVBQWUsT0FBTztBQUUxQixTQUFPLEVBQUUsUUFBUSxRQUFRO0FBQ3ZCLFFBQUksU0FBUyx5QkFBaUIsWUFBWSxLQUFLLEdBQUcsWUFBWSxLQUFLLENBQUM7QUFDcEUsUUFBSSxRQUFRO0FBQ1YsVUFBSSxTQUFTLGNBQWM7QUFDekIsZUFBTztBQUFBLE1BQ1Q7QUFDQSxVQUFJLFFBQVEsT0FBTyxLQUFLO0FBQ3hCLGFBQU8sVUFBVSxTQUFTLFNBQVMsS0FBSztBQUFBLElBQzFDO0FBQUEsRUFDRjtBQVFBLFNBQU8sT0FBTyxRQUFRLE1BQU07QUFDOUI7QUFFQSxJQUFPLDBCQUFROzs7QUN4QmYsU0FBUyxZQUFZLFlBQVksV0FBVyxRQUFRO0FBQ2xELE1BQUksVUFBVSxRQUFRO0FBQ3BCLGdCQUFZLGlCQUFTLFdBQVcsU0FBUyxVQUFVO0FBQ2pELFVBQUksZ0JBQVEsUUFBUSxHQUFHO0FBQ3JCLGVBQU8sU0FBUyxPQUFPO0FBQ3JCLGlCQUFPLGdCQUFRLE9BQU8sU0FBUyxXQUFXLElBQUksU0FBUyxDQUFDLElBQUksUUFBUTtBQUFBLFFBQ3RFO0FBQUEsTUFDRjtBQUNBLGFBQU87QUFBQSxJQUNULENBQUM7QUFBQSxFQUNILE9BQU87QUFDTCxnQkFBWSxDQUFDLGdCQUFRO0FBQUEsRUFDdkI7QUFFQSxNQUFJLFFBQVE7QUFDWixjQUFZLGlCQUFTLFdBQVcsa0JBQVUsb0JBQVksQ0FBQztBQUV2RCxNQUFJLFNBQVMsZ0JBQVEsWUFBWSxTQUFTLE9BQU8sS0FBS0MsYUFBWTtBQUNoRSxRQUFJLFdBQVcsaUJBQVMsV0FBVyxTQUFTLFVBQVU7QUFDcEQsYUFBTyxTQUFTLEtBQUs7QUFBQSxJQUN2QixDQUFDO0FBQ0QsV0FBTyxFQUFFLFlBQVksVUFBVSxTQUFTLEVBQUUsT0FBTyxTQUFTLE1BQU07QUFBQSxFQUNsRSxDQUFDO0FBRUQsU0FBTyxtQkFBVyxRQUFRLFNBQVMsUUFBUSxPQUFPO0FBQ2hELFdBQU8sd0JBQWdCLFFBQVEsT0FBTyxNQUFNO0FBQUEsRUFDOUMsQ0FBQztBQUNIO0FBRUEsSUFBTyxzQkFBUTs7O0FDZGYsSUFBSSxTQUFTLGlCQUFTLFNBQVMsWUFBWSxXQUFXO0FBQ3BELE1BQUksY0FBYyxNQUFNO0FBQ3RCLFdBQU8sQ0FBQztBQUFBLEVBQ1Y7QUFDQSxNQUFJLFNBQVMsVUFBVTtBQUN2QixNQUFJLFNBQVMsS0FBSyx1QkFBZSxZQUFZLFVBQVUsQ0FBQyxHQUFHLFVBQVUsQ0FBQyxDQUFDLEdBQUc7QUFDeEUsZ0JBQVksQ0FBQztBQUFBLEVBQ2YsV0FBVyxTQUFTLEtBQUssdUJBQWUsVUFBVSxDQUFDLEdBQUcsVUFBVSxDQUFDLEdBQUcsVUFBVSxDQUFDLENBQUMsR0FBRztBQUNqRixnQkFBWSxDQUFDLFVBQVUsQ0FBQyxDQUFDO0FBQUEsRUFDM0I7QUFDQSxTQUFPLG9CQUFZLFlBQVksb0JBQVksV0FBVyxDQUFDLEdBQUcsQ0FBQyxDQUFDO0FBQzlELENBQUM7QUFFRCxJQUFPLGlCQUFROzs7QUNyQmYsU0FBUyxNQUFNLE9BQU8sVUFBVTtBQUM5QixTQUFRLFNBQVMsTUFBTSxTQUNuQixnQkFBUSxPQUFPLHFCQUFhLFVBQVUsQ0FBQyxDQUFDLElBQ3hDO0FBQ047QUFFQSxJQUFPLGdCQUFROzs7QUM3QmYsSUFBTSxRQUFRO0FBQUEsRUFDWixFQUFFLEtBQUssS0FBSyxTQUFTLEdBQUc7QUFBQSxFQUN4QixFQUFFLEtBQUssSUFBSSxTQUFTLEVBQUU7QUFBQSxFQUN0QixFQUFFLEtBQUssSUFBSSxTQUFTLEVBQUU7QUFDeEI7QUFFTyxTQUFTLFlBQVksTUFBb0I7QUFDOUMsTUFBSSxRQUFRO0FBQ1osV0FBUyxJQUFJLEdBQUcsSUFBSSxJQUFJLEtBQUs7QUFDM0IsZUFBVyxLQUFLLE9BQU87QUFDckIsVUFBSSxLQUFLLFdBQVcsS0FBSyxFQUFFLEtBQUs7QUFDOUIsaUJBQVMsS0FBSyxNQUFPLEtBQUssWUFBWSxFQUFFLFVBQVcsR0FBRztBQUN0RDtBQUFBLE1BQ0Y7QUFBQSxJQUNGO0FBQUEsRUFDRjtBQUNBLFNBQU8sS0FBSyxNQUFNLFFBQVEsRUFBRTtBQUM5QjtBQUVPLFNBQVMsU0FBUyxVQUFrQixRQUF3QjtBQUNqRSxNQUFJLE9BQU87QUFDWCxXQUFTLElBQUksR0FBRyxJQUFJLE9BQU8sU0FBUyxJQUFJLElBQUssU0FBUSxPQUFPLFdBQVcsSUFBSSxPQUFPLE1BQU0sSUFBSTtBQUM1RixTQUFPLEtBQUssTUFBTyxZQUFZLE9BQU8sTUFBTyxHQUFHO0FBQ2xEOzs7QUN0Qk8sU0FBUyxjQUFjLE9BQXNCO0FBQ2xELFFBQU0sV0FBVyxjQUFNLE1BQU0sT0FBTyxDQUFDLE1BQU0sRUFBRSxXQUFXLEVBQUUsWUFBWSxZQUFZLENBQUMsQ0FBQztBQUNwRixRQUFNLE1BQU0sU0FBUyxVQUFVLE1BQU0sUUFBUTtBQUM3QyxTQUFPLEVBQUUsVUFBVSxLQUFLLE9BQU8sV0FBVyxJQUFJO0FBQ2hEO0FBRU8sU0FBUyxZQUFZLFFBQXlCO0FBQ25ELE1BQUksUUFBUTtBQUNaLGFBQVcsS0FBSyxPQUFRLFVBQVMsY0FBYyxDQUFDLEVBQUU7QUFDbEQsU0FBTztBQUNUOzs7QUNiTyxTQUFTLFFBQVEsTUFBc0I7QUFDNUMsTUFBSSxNQUFNO0FBQ1YsV0FBUyxJQUFJLEdBQUcsSUFBSSxLQUFLLFFBQVEsS0FBSztBQUNwQyxVQUFNLElBQUksS0FBSyxXQUFXLENBQUM7QUFDM0IsUUFBSyxLQUFLLE1BQU0sS0FBSyxPQUFTLEtBQUssTUFBTSxLQUFLLEdBQUssUUFBTyxLQUFLLENBQUM7QUFBQSxhQUN2RCxLQUFLLE1BQU0sS0FBSyxHQUFJLFFBQU8sT0FBTyxhQUFhLElBQUksRUFBRTtBQUFBLGFBQ3JELENBQUMsSUFBSSxTQUFTLEdBQUcsRUFBRyxRQUFPO0FBQUEsRUFDdEM7QUFDQSxTQUFPO0FBQ1Q7QUFFTyxTQUFTLFNBQVMsTUFBc0I7QUFDN0MsTUFBSSxJQUFJO0FBQ1IsV0FBUyxRQUFRLEdBQUcsUUFBUSxHQUFHLFNBQVM7QUFDdEMsYUFBUyxJQUFJLEdBQUcsSUFBSSxLQUFLLFFBQVEsS0FBSztBQUNwQyxXQUFLLEtBQUssV0FBVyxDQUFDO0FBQ3RCLFVBQUksS0FBSyxLQUFLLEdBQUcsUUFBUSxNQUFNO0FBQUEsSUFDakM7QUFBQSxFQUNGO0FBQ0EsU0FBTztBQUNUOzs7QUNqQk8sU0FBUyxVQUFVLFFBQXlCO0FBQ2pELFFBQU0sYUFBYSxnQkFBUSxRQUFRLENBQUMsTUFBTSxRQUFRLEVBQUUsUUFBUSxDQUFDO0FBQzdELFFBQU0sUUFBUSxlQUFPLE9BQU8sS0FBSyxVQUFVLEdBQUcsQ0FBQyxNQUFNLFNBQVMsQ0FBQyxDQUFDO0FBQ2hFLE1BQUksT0FBTztBQUNYLGFBQVcsS0FBSyxNQUFPLFNBQVEsSUFBSSxNQUFNLFdBQVcsQ0FBQyxFQUFFLFNBQVM7QUFDaEUsU0FBTztBQUNUOzs7QUNUTyxJQUFNLE1BQU4sTUFBVTtBQUFBLEVBR2YsWUFBWSxNQUFjO0FBQ3hCLFNBQUssUUFBUSxTQUFTO0FBQUEsRUFDeEI7QUFBQSxFQUVBLFFBQVEsT0FBdUI7QUFFN0IsUUFBSSxJQUFJLEtBQUs7QUFDYixTQUFLLEtBQUs7QUFDVixTQUFLLE1BQU07QUFDWCxTQUFLLEtBQUs7QUFDVixTQUFLLFFBQVEsTUFBTTtBQUNuQixXQUFPLEtBQUssUUFBUTtBQUFBLEVBQ3RCO0FBQ0Y7OztBQ1pBLElBQU0sWUFBWSxDQUFDLGdCQUFnQixnQkFBZ0IsZUFBZSxpQkFBaUI7QUFFbkYsU0FBUyxXQUFXLEtBQVUsT0FBd0I7QUFDcEQsUUFBTSxTQUFrQixDQUFDO0FBQ3pCLFdBQVMsS0FBSyxHQUFHLEtBQUssT0FBTyxNQUFNO0FBQ2pDLFVBQU0sUUFBUSxDQUFDO0FBQ2YsVUFBTSxJQUFJLElBQUksSUFBSSxRQUFRLENBQUM7QUFDM0IsYUFBUyxJQUFJLEdBQUcsSUFBSSxHQUFHO0FBQ3JCLFlBQU0sS0FBSyxFQUFFLEtBQUssU0FBUyxJQUFJLFFBQVEsR0FBRyxHQUFHLFVBQVUsSUFBSSxJQUFJLFFBQVEsR0FBRyxHQUFHLFdBQVcsS0FBSyxJQUFJLFFBQVEsSUFBSSxFQUFFLENBQUM7QUFDbEgsV0FBTyxLQUFLLEVBQUUsSUFBSSxVQUFVLFVBQVUsSUFBSSxRQUFRLFVBQVUsTUFBTSxDQUFDLElBQUksTUFBTyxLQUFLLElBQUssTUFBTSxDQUFDO0FBQUEsRUFDakc7QUFDQSxTQUFPO0FBQ1Q7QUFFQSxTQUFTLElBQUksUUFBc0I7QUFDakMsUUFBTSxNQUFNLElBQUksSUFBSSxFQUFFO0FBQ3RCLE1BQUksUUFBUTtBQUNaLE1BQUksU0FBUztBQUNiLFdBQVMsSUFBSSxHQUFHLElBQUksUUFBUSxLQUFLO0FBQy9CLFVBQU0sU0FBUyxXQUFXLEtBQUssR0FBRztBQUNsQyxhQUFTLFlBQVksTUFBTTtBQUMzQixjQUFVLFVBQVUsTUFBTSxFQUFFO0FBQUEsRUFDOUI7QUFDQSxVQUFRLElBQUksU0FBUyxLQUFLLFdBQVcsTUFBTSxFQUFFO0FBQy9DO0FBRUEsSUFBSSxPQUFPLFFBQVEsS0FBSyxDQUFDLEtBQUssRUFBRSxDQUFDOyIsCiAgIm5hbWVzIjogWyJvYmplY3RQcm90byIsICJuYXRpdmVPYmplY3RUb1N0cmluZyIsICJzeW1Ub1N0cmluZ1RhZyIsICJmdW5jUHJvdG8iLCAib2JqZWN0UHJvdG8iLCAiZnVuY1RvU3RyaW5nIiwgImhhc093blByb3BlcnR5IiwgIk1BWF9TQUZFX0lOVEVHRVIiLCAib2JqZWN0UHJvdG8iLCAib2JqZWN0UHJvdG8iLCAiaGFzT3duUHJvcGVydHkiLCAiYXJnc1RhZyIsICJmdW5jVGFnIiwgImZyZWVFeHBvcnRzIiwgImZyZWVNb2R1bGUiLCAibW9kdWxlRXhwb3J0cyIsICJvYmplY3RQcm90byIsICJoYXNPd25Qcm9wZXJ0eSIsICJvYmplY3RQcm90byIsICJoYXNPd25Qcm9wZXJ0eSIsICJvYmplY3RQcm90byIsICJoYXNPd25Qcm9wZXJ0eSIsICJvYmplY3RQcm90byIsICJoYXNPd25Qcm9wZXJ0eSIsICJIQVNIX1VOREVGSU5FRCIsICJJTkZJTklUWSIsICJvYmplY3RQcm90byIsICJwcm9wZXJ0eUlzRW51bWVyYWJsZSIsICJQcm9taXNlIiwgIm1hcFRhZyIsICJvYmplY3RUYWciLCAic2V0VGFnIiwgIndlYWtNYXBUYWciLCAiZGF0YVZpZXdUYWciLCAiSEFTSF9VTkRFRklORUQiLCAib3RoVmFsdWUiLCAiQ09NUEFSRV9QQVJUSUFMX0ZMQUciLCAiQ09NUEFSRV9VTk9SREVSRURfRkxBRyIsICJib29sVGFnIiwgImRhdGVUYWciLCAiZXJyb3JUYWciLCAibWFwVGFnIiwgIm51bWJlclRhZyIsICJyZWdleHBUYWciLCAic2V0VGFnIiwgInN0cmluZ1RhZyIsICJzeW1ib2xUYWciLCAiYXJyYXlCdWZmZXJUYWciLCAiZGF0YVZpZXdUYWciLCAic3ltYm9sUHJvdG8iLCAiQ09NUEFSRV9QQVJUSUFMX0ZMQUciLCAib2JqZWN0UHJvdG8iLCAiaGFzT3duUHJvcGVydHkiLCAiQ09NUEFSRV9QQVJUSUFMX0ZMQUciLCAiYXJnc1RhZyIsICJhcnJheVRhZyIsICJvYmplY3RUYWciLCAib2JqZWN0UHJvdG8iLCAiaGFzT3duUHJvcGVydHkiLCAiQ09NUEFSRV9QQVJUSUFMX0ZMQUciLCAiQ09NUEFSRV9VTk9SREVSRURfRkxBRyIsICJDT01QQVJFX1BBUlRJQUxfRkxBRyIsICJDT01QQVJFX1VOT1JERVJFRF9GTEFHIiwgImNvbGxlY3Rpb24iLCAiY29sbGVjdGlvbiIsICJvYmplY3RQcm90byIsICJoYXNPd25Qcm9wZXJ0eSIsICJjb2xsZWN0aW9uIl0KfQo=
