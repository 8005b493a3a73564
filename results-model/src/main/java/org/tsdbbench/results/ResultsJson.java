package org.tsdbbench.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one JSON mapping of the results model: records bound by Jackson's own record support, unknown
 * fields ignored on read (an older or newer folder stays readable), files indented as before, and a
 * figure that was not measured (NaN) written as Jackson always wrote it, the string "NaN".
 */
public final class ResultsJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ResultsJson() {
    }

    /** A reader of one record type. */
    public static ObjectReader reader(Class<?> type) {
        return MAPPER.readerFor(type);
    }

    /** The writer of whole files: indented, as the files have always been. */
    public static ObjectWriter fileWriter() {
        return MAPPER.writer(SerializationFeature.INDENT_OUTPUT);
    }

    /** The writer of one-line records (the forks' verify log). */
    public static ObjectWriter lineWriter() {
        return MAPPER.writer();
    }

    /** A record as the JSON tree its file holds: for showing every field a section has, in its order. */
    public static JsonNode tree(Object record) {
        return MAPPER.valueToTree(record);
    }
}
