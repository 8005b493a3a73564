package org.tsdbbench.common.db;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a result's reader needs to know about the server measured: its version, the driver's, the
 * settings that change the figures, and the schema used. Written into every manifest.
 */
public record ServerFacts(String serverVersion, String driver, Map<String, String> settings, List<String> schema) {
    public ServerFacts {
        settings = new LinkedHashMap<>(settings);
        schema = List.copyOf(schema);
    }
}
