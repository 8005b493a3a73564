package org.tsdbbench.common.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/** Reading a data set back from the settings file's node ({@link DataSet#writeJson}). */
public final class SettingsJson {

    private SettingsJson() {
    }

    /** The field's value; an IOException naming it when it is missing or null. */
    public static JsonNode required(JsonNode node, String field) throws IOException {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) throw new IOException("no " + field);
        return v;
    }

    /** The file a data set read from files names, or null when it was generated. */
    public static String file(JsonNode node) {
        JsonNode f = node.path("file");
        return f.isMissingNode() || f.isNull() || f.asText().isBlank() ? null : f.asText();
    }
}
