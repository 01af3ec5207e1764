// Stub (signatures only) of com.intellij.openapi.components.Service, as declared in JetBrains/intellij-community
// platform/core-api/src/com/intellij/openapi/components/Service.java (2024.3, branch 243). jetbrains-plugin/stubs/README.md says what a stub holds.
package com.intellij.openapi.components;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Service {
  Level[] value() default {};

  enum Level { APP, PROJECT }
}
