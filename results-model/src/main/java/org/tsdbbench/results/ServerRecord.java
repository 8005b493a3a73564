package org.tsdbbench.results;

import java.util.List;
import java.util.Map;

/**
 * What the server said of itself when the step began: its version, the driver's, the settings that
 * change the figures (open-ended: each module names its own) and the schema used.
 */
public record ServerRecord(String serverVersion, String driver, Map<String, String> settings, List<String> schema) {
}
