package org.tsdbbench.common.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverVersionTest {

    @Test
    void aJarsMavenRecordGivesItsVersion() {
        assertEquals(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                DriverVersion.of("com.fasterxml.jackson.core", "jackson-databind"));
        assertEquals(DriverVersion.UNKNOWN, DriverVersion.of("org.example", "no-such-driver"));
    }

    /**
     * A shaded jar: the driver's classes and Maven record, under the module's manifest, which has no
     * Implementation-Version. The package's version is null there; the Maven record still tells.
     */
    @Test
    void aShadedJarStillTellsTheDriversVersion(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("module.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
            j.putNextEntry(new JarEntry("META-INF/maven/org.example/example-driver/pom.properties"));
            j.write("groupId=org.example\nartifactId=example-driver\nversion=4.19.3\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            j.closeEntry();
            String cls = Marker.class.getName().replace('.', '/') + ".class";
            j.putNextEntry(new JarEntry(cls));
            try (var in = DriverVersionTest.class.getClassLoader().getResourceAsStream(cls)) {
                in.transferTo(j);
            }
            j.closeEntry();
        }
        try (URLClassLoader shaded = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            Class<?> driver = Class.forName(Marker.class.getName(), false, shaded);
            assertNull(driver.getPackage().getImplementationVersion(), "what the modules recorded: 'driver ... null'");
            assertEquals("4.19.3", DriverVersion.of(shaded, "org.example", "example-driver"));
        }
    }

    /** A class to put in the shaded jar. */
    static final class Marker {
    }
}
