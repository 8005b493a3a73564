package org.tsdbbench.common.query;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.tsdbbench.common.workload.Query;
import org.tsdbbench.common.workload.Workload;

/**
 * A query file: one query per line, {@code <id> <query text>}, where the id names the workload's
 * query whose expected answer the result is checked against (e.g.
 * {@code q2.avg.p10 SELECT AVG(temperature) FROM devices WHERE devgroup < 10}). Lines starting
 * with {@code #} are comments. Any other malformed line is an error naming file and line.
 */
public final class QueryFile {

    /** One query of a file, with where it came from. */
    public record Line(Query query, String text, Path file, int line) {
    }

    private QueryFile() {
    }

    /** Reads a file, or every {@code q*.txt} of a directory in name order; ids must be unique and name queries of the workload. */
    public static Map<String, Line> read(Path path, Workload workload) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> s = Files.list(path)) {
                s.filter(p -> p.getFileName().toString().matches("q\\d.*\\.txt")).sorted().forEach(files::add);
            }
            if (files.isEmpty()) throw new QueryFileException(path + ": no query files (q1.txt .. q4.txt) in this directory");
        } else {
            files.add(path);
        }
        Map<String, Line> queries = new LinkedHashMap<>();
        for (Path f : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new QueryFileException(f + ": no such query file");
            } catch (java.nio.charset.MalformedInputException e) {
                throw new QueryFileException(f + ": not UTF-8 text");
            }
            for (int i = 0; i < lines.size(); i++) {
                Line line = parse(f, i + 1, lines.get(i), workload);
                if (line == null) continue;
                Line old = queries.put(line.query().id(), line);
                if (old != null) {
                    throw new QueryFileException(f + ":" + (i + 1) + ": query id " + line.query().id() + " already used at " + old.file() + ":" + old.line());
                }
            }
        }
        if (queries.isEmpty()) throw new QueryFileException(path + ": no queries");
        return queries;
    }

    /** Parses one line; null for a comment. */
    static Line parse(Path file, int lineNo, String raw, Workload workload) throws QueryFileException {
        String s = raw.strip();
        if (s.startsWith("#")) return null;
        if (s.isEmpty()) throw new QueryFileException(file + ":" + lineNo + ": empty line (write '# ...' for a comment)");
        int space = indexOfWhitespace(s);
        if (space < 0) throw new QueryFileException(file + ":" + lineNo + ": expected '<query id> <query>', got only '" + shorten(s) + "'");
        String id = s.substring(0, space);
        Query q;
        try {
            q = workload.query(id);
        } catch (IllegalArgumentException e) {
            throw new QueryFileException(file + ":" + lineNo + ": " + e.getMessage());
        }
        return new Line(q, s.substring(space + 1).strip(), file, lineNo);
    }

    /** Writes devices queries in this format, one family per file, as {@code sql/<db>/q1.txt..q4.txt}. */
    public static String render(List<LogicalQuery> queries, DeviceDialect dialect,
            org.tsdbbench.common.data.WorkloadSpec spec) {
        StringBuilder sb = new StringBuilder();
        for (LogicalQuery q : queries) {
            dialect.render(q, spec).ifPresent(text -> sb.append(q.id()).append(' ').append(text).append('\n'));
        }
        return sb.toString();
    }

    private static int indexOfWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) if (Character.isWhitespace(s.charAt(i))) return i;
        return -1;
    }

    private static String shorten(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** A query file that cannot be used; the message names file and line. */
    public static final class QueryFileException extends IOException {
        private static final long serialVersionUID = 1L;

        public QueryFileException(String message) {
            super(message);
        }
    }
}
