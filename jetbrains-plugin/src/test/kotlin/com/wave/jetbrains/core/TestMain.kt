// A tiny test runner (no JUnit here): every class named `*Test` in this package is instantiated and
// each of its public no-argument methods is one test. Failures are printed with their message; the
// last line is exactly `N passed, N failed`, and the exit code is non-zero when anything failed.
//   java -cp <classes>:kotlin-stdlib.jar com.wave.jetbrains.core.TestMainKt [--fixtures DIR] [filter]
package com.wave.jetbrains.core

import java.io.File
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Modifier
import kotlin.system.exitProcess

class AssertionFailed(message: String) : AssertionError(message)

fun fail(message: String): Nothing = throw AssertionFailed(message)

fun <T> assertEquals(expected: T, actual: T, what: String = "value") {
    if (expected != actual) fail("$what: expected <${show(expected)}> but was <${show(actual)}>")
}

fun assertTrue(condition: Boolean, message: String = "expected true") {
    if (!condition) fail(message)
}

inline fun <reified E : Throwable> assertThrows(block: () -> Unit): E {
    try {
        block()
    } catch (e: Throwable) {
        if (e is E) return e
        fail("expected ${E::class.java.simpleName} but got $e")
    }
    fail("expected ${E::class.java.simpleName} but nothing was thrown")
}

/** Shows control and non-ASCII characters so a failure message is readable. */
fun show(value: Any?): String = value.toString().map { c ->
    if (c < ' ' || c.code in 0x7f..0x9f || Character.isSurrogate(c) || c == '\u2028' || c == '\u2029') "\\u%04x".format(c.code) else c.toString()
}.joinToString("")

/** Where the golden host-request lines live (set by `--fixtures`, else found from the working directory). */
object TestEnv {
    var fixtures: File? = null

    fun fixturesDir(): File = fixtures ?: generateSequence(File("").absoluteFile) { it.parentFile }
        .map { File(it, "test/fixtures/host-requests") }
        .firstOrNull { it.isDirectory }
        ?: fail("test/fixtures/host-requests not found; pass --fixtures DIR")

    /** The repository root (for tests that run the real sidecar), or null outside the repository. */
    fun repoRoot(): File? = fixturesDir().parentFile?.parentFile?.parentFile
}

fun main(args: Array<String>) {
    var filter: String? = null
    var i = 0
    while (i < args.size) {
        when (args[i]) {
            "--fixtures" -> TestEnv.fixtures = File(args[++i])
            else -> filter = args[i]
        }
        i++
    }
    val root = File(TestEnv::class.java.protectionDomain.codeSource.location.toURI())
    val packageDir = File(root, TestEnv::class.java.`package`.name.replace('.', '/'))
    val classes = packageDir.listFiles { f -> f.name.endsWith("Test.class") && '$' !in f.name }.orEmpty()
        .map { Class.forName("${TestEnv::class.java.`package`.name}.${it.name.removeSuffix(".class")}") }
        .sortedBy { it.simpleName }

    var passed = 0
    var failed = 0
    for (cls in classes) {
        val tests = cls.declaredMethods
            .filter { Modifier.isPublic(it.modifiers) && !Modifier.isStatic(it.modifiers) && it.parameterCount == 0 && it.returnType == Void.TYPE }
            .sortedBy { it.name }
        for (method in tests) {
            val name = "${cls.simpleName} > ${method.name}"
            if (filter != null && !name.contains(filter)) continue
            try {
                method.invoke(cls.getDeclaredConstructor().newInstance())
                passed++
            } catch (e: Throwable) {
                failed++
                val cause = if (e is InvocationTargetException) e.targetException else e
                println("FAIL $name")
                println("     ${cause.message ?: cause}")
                if (cause !is AssertionFailed) cause.stackTrace.take(6).forEach { println("       at $it") }
            }
        }
    }
    println("$passed passed, $failed failed")
    exitProcess(if (failed == 0 && passed > 0) 0 else 1)
}
