package org.tsdbbench.common.db;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * A driver's version from the Maven record its jar carries ({@code META-INF/maven/<group>/<artifact>/pom.properties}),
 * which the modules' runnable (shaded) jars keep. Not the package's implementation version: in a
 * shaded jar that comes from the module's own manifest, which has none, and reads as null.
 */
public final class DriverVersion {

    /** What a driver without a Maven record reports. */
    public static final String UNKNOWN = "unknown";

    private DriverVersion() {
    }

    /** The version of {@code groupId:artifactId} on this class path, e.g. 2.25; {@link #UNKNOWN} when it has no record. */
    public static String of(String groupId, String artifactId) {
        return of(DriverVersion.class.getClassLoader(), groupId, artifactId);
    }

    static String of(ClassLoader loader, String groupId, String artifactId) {
        try (InputStream in = loader.getResourceAsStream("META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties")) {
            if (in == null) return UNKNOWN;
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", UNKNOWN);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }
}
