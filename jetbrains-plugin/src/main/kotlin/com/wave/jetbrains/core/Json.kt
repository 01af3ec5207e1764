// A small, strict JSON reader (RFC 8259) for the sidecar's stdout lines: the ready line and the host
// requests. No library is needed for such flat objects, and being strict means a malformed line is
// reported instead of half-understood. Pure Kotlin: no IntelliJ, no JCEF.
package com.wave.jetbrains.core

/** A parsed JSON value. Numbers keep their source text; [JsonNumber.asInt] reads exact integers. */
sealed class Json {
    data class JsonObject(val fields: Map<String, Json>) : Json()
    data class JsonArray(val items: List<Json>) : Json()
    data class JsonString(val value: String) : Json()
    data class JsonNumber(val text: String) : Json() {
        /** The value when it is an integer within Int range written without fraction or exponent. */
        fun asInt(): Int? = if (text.all { it.isDigit() || it == '-' }) text.toIntOrNull() else null
    }
    data class JsonBool(val value: Boolean) : Json()
    data object JsonNull : Json()
}

/** Thrown for any text that is not exactly one JSON value; [offset] is where reading stopped. */
class JsonSyntaxException(message: String, val offset: Int) : Exception("$message at offset $offset")

object JsonReader {
    private const val MAX_DEPTH = 64

    /** Parses [text] as exactly one JSON value surrounded by optional JSON whitespace. */
    fun parse(text: String): Json {
        val reader = Cursor(text)
        reader.skipWhitespace()
        val value = reader.value(0)
        reader.skipWhitespace()
        if (!reader.atEnd()) throw reader.error("unexpected text after the value")
        return value
    }

    private class Cursor(private val s: String) {
        private var i = 0

        fun atEnd() = i >= s.length
        fun error(message: String) = JsonSyntaxException(message, i)

        fun skipWhitespace() {
            while (i < s.length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++
        }

        fun value(depth: Int): Json {
            if (depth > MAX_DEPTH) throw error("nesting deeper than $MAX_DEPTH")
            if (atEnd()) throw error("unexpected end of input")
            return when (s[i]) {
                '{' -> obj(depth)
                '[' -> array(depth)
                '"' -> Json.JsonString(string())
                't' -> literal("true", Json.JsonBool(true))
                'f' -> literal("false", Json.JsonBool(false))
                'n' -> literal("null", Json.JsonNull)
                else -> if (s[i] == '-' || s[i].isAsciiDigit()) number() else throw error("unexpected character '${s[i]}'")
            }
        }

        private fun literal(word: String, result: Json): Json {
            if (!s.startsWith(word, i)) throw error("invalid literal")
            i += word.length
            return result
        }

        private fun obj(depth: Int): Json {
            i++ // {
            val fields = LinkedHashMap<String, Json>()
            skipWhitespace()
            if (i < s.length && s[i] == '}') { i++; return Json.JsonObject(fields) }
            while (true) {
                skipWhitespace()
                if (atEnd() || s[i] != '"') throw error("expected a string key")
                val keyAt = i
                val key = string()
                if (fields.containsKey(key)) throw JsonSyntaxException("duplicate key \"$key\"", keyAt)
                skipWhitespace()
                expect(':')
                skipWhitespace()
                fields[key] = value(depth + 1)
                skipWhitespace()
                if (atEnd()) throw error("unterminated object")
                when (s[i++]) {
                    ',' -> continue
                    '}' -> return Json.JsonObject(fields)
                    else -> { i--; throw error("expected ',' or '}'") }
                }
            }
        }

        private fun array(depth: Int): Json {
            i++ // [
            val items = ArrayList<Json>()
            skipWhitespace()
            if (i < s.length && s[i] == ']') { i++; return Json.JsonArray(items) }
            while (true) {
                skipWhitespace()
                items += value(depth + 1)
                skipWhitespace()
                if (atEnd()) throw error("unterminated array")
                when (s[i++]) {
                    ',' -> continue
                    ']' -> return Json.JsonArray(items)
                    else -> { i--; throw error("expected ',' or ']'") }
                }
            }
        }

        private fun expect(c: Char) {
            if (atEnd() || s[i] != c) throw error("expected '$c'")
            i++
        }

        /** Reads a string literal; surrogate pairs written as two escapes combine naturally (UTF-16). */
        private fun string(): String {
            i++ // opening quote
            val out = StringBuilder()
            while (true) {
                if (atEnd()) throw error("unterminated string")
                val c = s[i++]
                when {
                    c == '"' -> return out.toString()
                    c == '\\' -> out.append(escape())
                    c < ' ' -> { i--; throw error("unescaped control character in a string") }
                    else -> out.append(c)
                }
            }
        }

        private fun escape(): Char {
            if (atEnd()) throw error("unterminated escape")
            return when (val c = s[i++]) {
                '"' -> '"'
                '\\' -> '\\'
                '/' -> '/'
                'b' -> '\b'
                'f' -> '\u000C'
                'n' -> '\n'
                'r' -> '\r'
                't' -> '\t'
                'u' -> {
                    if (i + 4 > s.length) throw error("short \\u escape")
                    var code = 0
                    repeat(4) {
                        val d = Character.digit(s[i], 16)
                        if (d < 0) throw error("bad hex digit in \\u escape")
                        code = code * 16 + d
                        i++
                    }
                    code.toChar()
                }
                else -> { i--; throw error("invalid escape '\\$c'") }
            }
        }

        private fun number(): Json {
            val start = i
            if (s[i] == '-') i++
            if (atEnd()) throw error("bad number")
            if (s[i] == '0') i++
            else if (s[i] in '1'..'9') while (i < s.length && s[i].isAsciiDigit()) i++
            else throw error("bad number")
            if (i < s.length && s[i] == '.') {
                i++
                if (atEnd() || !s[i].isAsciiDigit()) throw error("bad fraction")
                while (i < s.length && s[i].isAsciiDigit()) i++
            }
            if (i < s.length && (s[i] == 'e' || s[i] == 'E')) {
                i++
                if (i < s.length && (s[i] == '+' || s[i] == '-')) i++
                if (atEnd() || !s[i].isAsciiDigit()) throw error("bad exponent")
                while (i < s.length && s[i].isAsciiDigit()) i++
            }
            return Json.JsonNumber(s.substring(start, i))
        }

        private fun Char.isAsciiDigit() = this in '0'..'9'
    }
}
