package org.tsdbbench.tdengine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.db.ConnectionOptions;

/**
 * The TDengine server a test class runs against, on one path: the local server that
 * scripts/servers/tdengine.sh starts (scripts/test.sh does it), unless the environment names
 * another: TDENGINE_HOST, TDENGINE_PORT (REST and WebSocket, 6041), TDENGINE_NATIVE_PORT (6030),
 * TDENGINE_CONFIG_DIR (the native client's config folder), TDENGINE_PASSWORD.
 */
record TDengineServer(ConnectionPath path, int expectedMajor) {

    /** Set by scripts/test.sh to "skip: why" on a machine where no TDengine can be had; the reason is the skip message. */
    static String skipReason() {
        String v = System.getenv("TDENGINE_TESTS");
        return v != null && v.startsWith("skip:") ? v.substring(5).strip() : null;
    }

    String host() {
        return env("TDENGINE_HOST", "127.0.0.1");
    }

    int port() {
        return Integer.parseInt(path == ConnectionPath.NATIVE ? env("TDENGINE_NATIVE_PORT", "6030") : env("TDENGINE_PORT", "6041"));
    }

    /** REST (taosAdapter on 3.x, taosd on 2.x), whatever path the class tests. */
    int restPort() {
        return Integer.parseInt(env("TDENGINE_PORT", "6041"));
    }

    Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("connection", path.option());
        String configDir = System.getenv("TDENGINE_CONFIG_DIR");
        if (path == ConnectionPath.NATIVE && configDir != null) o.put("configDir", configDir);
        return o;
    }

    ConnectionOptions connection() {
        return new ConnectionOptions(host(), port(), "root", "bench", ConnectionOptions.Secret.fromEnv("TDENGINE_PASSWORD"), options());
    }

    List<String> cliArgs() {
        return cliArgs(Map.of());
    }

    /** The CLI's arguments with module options of a test's own put over (or beside) the path's. */
    List<String> cliArgs(Map<String, String> overrides) {
        Map<String, String> options = options();
        options.putAll(overrides);
        List<String> args = new ArrayList<>(List.of("-host", host(), "-port", String.valueOf(port()), "-user", "root"));
        options.forEach((k, v) -> args.addAll(List.of("--option", k + "=" + v)));
        return args;
    }

    private static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }
}
