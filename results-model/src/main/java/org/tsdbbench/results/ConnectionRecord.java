package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How the step reached the server: host, port, user and database (null when the module has none),
 * where the password came from (never the password), and each module setting as
 * {@code "option.<key>": value} beside them.
 */
public record ConnectionRecord(String host, int port, String user, String database, String password,
                               @JsonAnySetter @JsonAnyGetter Map<String, String> options) {

    /** The prefix of a module setting's field. */
    public static final String OPTION = "option.";

    /** Keeps only the module settings of the fields beyond the named ones (other unknown fields are ignored). */
    public ConnectionRecord {
        Map<String, String> kept = new LinkedHashMap<>();
        if (options != null) options.forEach((k, v) -> {
            if (k.startsWith(OPTION)) kept.put(k, v);
        });
        options = kept;
    }

    /** The record of a connection whose module settings are given by key (without the prefix). */
    public static ConnectionRecord of(String host, int port, String user, String database, String password, Map<String, String> settings) {
        Map<String, String> options = new LinkedHashMap<>();
        settings.forEach((k, v) -> options.put(OPTION + k, v));
        return new ConnectionRecord(host, port, user, database, password, options);
    }
}
