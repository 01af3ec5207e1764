package com.wave.jetbrains.core

import com.wave.jetbrains.core.Json.JsonArray
import com.wave.jetbrains.core.Json.JsonBool
import com.wave.jetbrains.core.Json.JsonNull
import com.wave.jetbrains.core.Json.JsonNumber
import com.wave.jetbrains.core.Json.JsonObject
import com.wave.jetbrains.core.Json.JsonString

class JsonTest {
    fun `reads objects arrays and literals`() {
        val v = JsonReader.parse(""" { "a" : [1, -2.5e3, true, false, null], "b": {"c": ""} } """)
        assertEquals(
            JsonObject(mapOf(
                "a" to JsonArray(listOf(JsonNumber("1"), JsonNumber("-2.5e3"), JsonBool(true), JsonBool(false), JsonNull)),
                "b" to JsonObject(mapOf("c" to JsonString(""))),
            )),
            v,
        )
    }

    fun `keeps key order`() {
        val v = JsonReader.parse("""{"z":1,"a":2,"m":3}""") as JsonObject
        assertEquals(listOf("z", "a", "m"), v.fields.keys.toList())
    }

    fun `decodes every escape`() {
        val v = JsonReader.parse(""""q\"b\\s\/b\bf\fn\nr\rt\tu\u0041\u00e9\u4e2d"""")
        assertEquals(JsonString("q\"b\\s/b\bf\u000Cn\nr\rt\tuAé中"), v)
    }

    fun `joins an escaped surrogate pair and keeps a lone surrogate`() {
        assertEquals(JsonString("🎣"), JsonReader.parse(""""\ud83c\udfa3""""))
        assertEquals(JsonString("\uD83C\uDFA3"), JsonReader.parse(""""\uD83C\uDFA3""""))
        assertEquals(JsonString("a\uD800b"), JsonReader.parse(""""a\ud800b""""))
    }

    fun `accepts raw non ASCII including line and paragraph separators`() {
        assertEquals(JsonString("项目 🎣 \u2028\u2029\u007f"), JsonReader.parse("\"项目 🎣 \u2028\u2029\u007f\""))
    }

    fun `reads exact integers only as ints`() {
        assertEquals(8080, (JsonReader.parse("8080") as JsonNumber).asInt())
        assertEquals(null, (JsonReader.parse("80.0") as JsonNumber).asInt())
        assertEquals(null, (JsonReader.parse("8e3") as JsonNumber).asInt())
        assertEquals(null, (JsonReader.parse("99999999999") as JsonNumber).asInt())
        assertEquals(-1, (JsonReader.parse("-1") as JsonNumber).asInt())
    }

    fun `refuses what is not strict JSON`() {
        val bad = listOf(
            "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{'a':1}", "{a:1}", "01", "-", "1.", ".5", "1e", "+1",
            "NaN", "Infinity", "tru", "nul", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"tab\there\"",
            "\"new\nline\"", "{} {}", "{}x", "[1 2]", "{\"a\" 1}", "// c\n{}", "\uFEFF{}", "{\"a\":1,\"a\":2}",
            "\u00a0{}", "[" .repeat(100) + "]".repeat(100),
        )
        for (text in bad) {
            try {
                JsonReader.parse(text)
                fail("accepted ${show(text)}")
            } catch (e: JsonSyntaxException) {
                // expected
            }
        }
    }

    fun `allows the four JSON whitespace characters around the value`() {
        assertEquals(JsonObject(emptyMap()), JsonReader.parse(" \t\r\n{ \t\r\n} \t\r\n"))
    }

    fun `reports where it stopped`() {
        val e = assertThrows<JsonSyntaxException> { JsonReader.parse("""{"a":tru}""") }
        assertEquals(5, e.offset, "offset")
    }
}
