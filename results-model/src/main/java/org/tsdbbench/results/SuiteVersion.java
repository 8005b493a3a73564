package org.tsdbbench.results;

import picocli.CommandLine.IVersionProvider;

/**
 * The suite's version for every command's {@code --version}, read from the manifest of the jar it
 * runs from (Maven writes Implementation-Version there), so no version is written in the code.
 */
public final class SuiteVersion implements IVersionProvider {

    /** "tsdb-bench 0.1.0-SNAPSHOT"; from classes outside a jar (an IDE), "tsdb-bench (development build)". */
    public static String text() {
        String v = SuiteVersion.class.getPackage().getImplementationVersion();
        return "tsdb-bench " + (v != null ? v : "(development build)");
    }

    @Override
    public String[] getVersion() {
        return new String[] {text()};
    }
}
