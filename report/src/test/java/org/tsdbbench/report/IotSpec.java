package org.tsdbbench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The spec the trucks' and the hosts' published figures were transcribed from, {@code ../shared/spec/iot.md}
 * (from the module or the project; {@code -Dtsbench.iotMd=FILE} names it), read by the tests that check them.
 */
final class IotSpec {

    private IotSpec() {
    }

    /** The spec's lines, or null where it is not found. */
    static List<String> lines() throws IOException {
        String property = System.getProperty("tsbench.iotMd");
        for (String candidate : property != null ? List.of(property) : List.of("../../shared/spec/iot.md", "../shared/spec/iot.md")) {
            Path p = Path.of(candidate).toAbsolutePath().normalize();
            if (Files.isRegularFile(p)) return Files.readAllLines(p);
        }
        return null;
    }

    /** The text with every run of whitespace one space, for finding a claim whatever its line breaks. */
    static String flat(List<String> lines) {
        return String.join("\n", lines).replaceAll("\\s+", " ");
    }

    /** The rows of the markdown table whose header line starts so, cells trimmed (the header and its rule left out). */
    static List<List<String>> table(List<String> lines, String header) {
        List<List<String>> rows = new ArrayList<>();
        int i = 0;
        while (i < lines.size() && !lines.get(i).strip().startsWith(header)) i++;
        if (i == lines.size()) throw new AssertionError("no table " + header + " in iot.md");
        for (i += 2; i < lines.size() && lines.get(i).strip().startsWith("|"); i++) {
            List<String> cells = new ArrayList<>();
            String l = lines.get(i).strip();
            for (String c : l.substring(1, l.length() - 1).split("\\|", -1)) cells.add(c.strip());
            rows.add(cells);
        }
        return rows;
    }
}
